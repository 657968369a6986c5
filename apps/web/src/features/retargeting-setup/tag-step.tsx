import { tagEventTypes } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { useTagEventSummary, useTagSettings } from '../tags';
import { InstallInstructions } from './install-instructions';
import styles from './retargeting-setup.module.css';
import { SetupStep, type StepState } from './setup-step';

/**
 * Step 2: the tag is installed and sends events: people's events of the last 24 hours by type,
 * Check again, and the install instructions (open until events arrive).
 */
export function TagStep() {
  const { t } = useTranslation('retargeting-setup');
  const summary = useTagEventSummary();
  const tag = useTagSettings();
  const counted = summary.data;
  const settings = tag.data;
  const state: StepState | undefined =
    !counted || !settings
      ? undefined
      : counted.total > 0
        ? 'done'
        : settings.lastEventAt !== null || settings.onlyBots
          ? 'waiting'
          : 'todo';
  const checkAgain = () => {
    void summary.refetch();
    void tag.refetch();
  };
  return (
    <SetupStep
      number={2}
      id="tag"
      title={t('tag.title')}
      state={state}
      error={summary.error ?? tag.error}
      onRetry={checkAgain}
    >
      {counted && settings && (
        <>
          <p className={styles.text}>
            {state === 'done'
              ? t('tag.done', { count: counted.total, events: formatNumber(counted.total) })
              : settings.onlyBots
                ? t('tag.onlyBots')
                : settings.lastEventAt
                  ? t('tag.quiet', { date: formatDateTime(settings.lastEventAt) })
                  : t('tag.none')}
          </p>
          {state === 'done' && (
            <>
              <ul className={styles.counts} aria-label={t('tag.countsLabel')}>
                {tagEventTypes.map((type) => (
                  <li key={type}>
                    {t(`tags:types.${type}`)}: <strong>{formatNumber(counted.counts[type] ?? 0)}</strong>
                  </li>
                ))}
              </ul>
              {!counted.counts.viewItem && <p className={styles.text}>{t('tag.noProductViews')}</p>}
            </>
          )}
          <div className={styles.actions}>
            <Button
              size="small"
              variant="outline"
              onClick={checkAgain}
              disabled={summary.isFetching || tag.isFetching}
            >
              {t('tag.checkAgain')}
            </Button>
          </div>
          <details className={styles.details} open={state !== 'done'}>
            <summary>{t('install.heading')}</summary>
            <InstallInstructions tag={settings} />
          </details>
        </>
      )}
    </SetupStep>
  );
}
