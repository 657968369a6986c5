import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { Button } from '../../shell/button/button';
import { ConfirmDialog } from '../../shell/dialog/confirm-dialog';
import { failureText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import { BulkEditPanel } from './bulk-edit-panel';
import styles from './campaigns.module.css';
import { type BulkResult, type BulkStatus, useBulkStatus } from './campaigns-api';

type Action = { status: BulkStatus; label: string };
const actions: Action[] = [
  { status: 'paused', label: 'bulk.pause' },
  { status: 'active', label: 'bulk.resume' },
  { status: 'archived', label: 'bulk.archive' },
];

/**
 * Pause, resume or archive the picked campaigns at once (after the panel's confirmation dialog); the toast says how
 * many changed and why each of the others was left as it was. Edit changes one of their settings
 * at once, after a preview (`BulkEditPanel`).
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
  const [asked, setAsked] = useState<Action | null>(null);
  const [editing, setEditing] = useState(false);
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
      <Button
        size="small"
        variant="outline"
        color="white"
        disabled={bulk.isPending}
        onClick={() => setEditing(true)}
      >
        {t('bulk.edit')}
      </Button>
      {actions.map((action) => (
        <Button
          key={action.status}
          size="small"
          variant="outline"
          color={action.status === 'archived' ? 'danger' : 'white'}
          loading={bulk.isPending && bulk.variables?.status === action.status}
          disabled={bulk.isPending}
          onClick={() => setAsked(action)}
        >
          {t(action.label)}
        </Button>
      ))}
      {asked && (
        <ConfirmDialog
          question={t(`${asked.label}Confirm`, { count: ids.length })}
          confirmLabel={t(asked.label)}
          confirmColor={asked.status === 'archived' ? 'danger' : 'primary'}
          onConfirm={() => {
            setAsked(null);
            run(asked.status);
          }}
          onCancel={() => setAsked(null)}
        />
      )}
      {editing && (
        <BulkEditPanel
          ids={ids}
          names={names}
          onClose={(applied) => {
            setEditing(false);
            if (applied) onDone();
          }}
        />
      )}
    </section>
  );
}
