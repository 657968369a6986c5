import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import styles from './campaigns.module.css';
import { type BulkResult, type BulkStatus, useBulkStatus } from './campaigns-api';

const actions: { status: BulkStatus; label: string }[] = [
  { status: 'paused', label: 'bulk.pause' },
  { status: 'active', label: 'bulk.resume' },
  { status: 'archived', label: 'bulk.archive' },
];

/**
 * Pause, resume or archive the picked campaigns at once (after a confirmation); the toast says how
 * many changed and why each of the others was left as it was.
 */
export function BulkActions({
  ids,
  names,
  onDone,
}: {
  ids: number[];
  names: ReadonlyMap<number, string>;
  onDone: () => void;
}) {
  const { t } = useTranslation('campaigns');
  const bulk = useBulkStatus();
  if (ids.length === 0) return null;

  const report = (result: BulkResult) => {
    if (result.updated.length > 0) notify.success(t('bulk.updated', { count: result.updated.length }));
    if (result.skipped.length > 0)
      notify.error(
        <div>
          <p className={styles.toastTitle}>{t('bulk.skipped', { count: result.skipped.length })}</p>
          <ul className={styles.toastList}>
            {result.skipped.map((skip) => (
              <li key={skip.id}>
                {t('bulk.skippedOne', {
                  name: names.get(skip.id) ?? `#${skip.id}`,
                  reason: errorText(t, skip.error, skip.params) ?? skip.message,
                })}
              </li>
            ))}
          </ul>
        </div>,
      );
  };

  const run = (status: BulkStatus) =>
    bulk.mutate(
      { ids, status },
      {
        onSuccess: (result) => {
          report(result);
          onDone();
        },
        onError: (error) => notify.error(failureText(t, error)),
      },
    );

  return (
    <section className={styles.bulk} aria-label={t('bulk.label')}>
      <span className={styles.bulkCount}>{t('bulk.selected', { count: ids.length })}</span>
      {actions.map((action) => (
        <Button
          key={action.status}
          size="small"
          variant="outline"
          color={action.status === 'archived' ? 'danger' : 'white'}
          loading={bulk.isPending && bulk.variables?.status === action.status}
          disabled={bulk.isPending}
          confirm={t(`${action.label}Confirm`, { count: ids.length })}
          onClick={() => run(action.status)}
        >
          {t(action.label)}
        </Button>
      ))}
    </section>
  );
}
