import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../auth/can';
import { formatNumber } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import { audiencesPath, useAudienceChoices, useSaveAudience } from '../audiences';
import styles from './retargeting-setup.module.css';
import { SetupStep, type StepState } from './setup-step';
import { standardAudienceBody, standardAudiencesIn } from './standard-audiences';

/**
 * Step 3: the standard audiences exist (product viewers of 30 days, cart abandoners of 14, buyers
 * of 90 to leave out); one button creates the missing ones, under names in the user's language.
 */
export function AudiencesStep() {
  const { t } = useTranslation('retargeting-setup');
  const audiences = useAudienceChoices();
  const save = useSaveAudience(null);
  const canWrite = useCan('integrations', 'write');
  const [creating, setCreating] = useState(false);
  const found = audiences.data ? standardAudiencesIn(audiences.data) : null;
  const missing = found?.filter((entry) => entry.audience === null) ?? [];
  const state: StepState | undefined = found ? (missing.length === 0 ? 'done' : 'todo') : undefined;

  const createMissing = async () => {
    setCreating(true);
    let created = 0;
    try {
      for (const { standard } of missing) {
        await save.mutateAsync(standardAudienceBody(standard, t(`audiences.names.${standard.key}`)));
        created += 1;
      }
      notify.success(t('audiences.created', { count: created }));
    } catch (error) {
      notify.error(failureText(t, error));
    } finally {
      setCreating(false);
    }
  };

  return (
    <SetupStep
      number={3}
      id="audiences"
      title={t('audiences.title')}
      state={state}
      error={audiences.error}
      onRetry={() => void audiences.refetch()}
    >
      <p className={styles.text}>{t(state === 'done' ? 'audiences.done' : 'audiences.todo')}</p>
      <ul className={styles.list}>
        {found?.map(({ standard, audience }) => (
          <li key={standard.key}>
            <strong>{t(`audiences.names.${standard.key}`)}</strong>
            {': '}
            {audience
              ? t('audiences.exists', {
                  name: audience.name,
                  count: audience.estimatedSize,
                  people: formatNumber(audience.estimatedSize),
                })
              : t('audiences.missing')}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        {canWrite && missing.length > 0 && (
          <Button size="small" onClick={() => void createMissing()} disabled={creating}>
            {t('audiences.create', { count: missing.length })}
          </Button>
        )}
        <Link className={styles.secondary} to={audiencesPath}>
          {t('audiences.open')}
        </Link>
      </div>
    </SetupStep>
  );
}
