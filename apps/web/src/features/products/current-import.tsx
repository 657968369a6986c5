import { type FeedImport, type FeedImportSummary, feedImportSummarySchema } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize, formatNumber } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { ProgressBar } from '../../shell/progress-bar/progress-bar';
import { ImportStatusBadge } from './badges';
import styles from './products.module.css';
import { isImportActive } from './products-api';

const summaryKeys = feedImportSummarySchema.keyof().options;

/** The summary as one line ('12 added, 3 updated, …'), numbers in the user's format. */
export function summaryText(t: TFunction, summary: FeedImportSummary): string {
  return t('products:import.summaryText', {
    ...Object.fromEntries(summaryKeys.map((key) => [key, formatNumber(summary[key])])),
  });
}

/** Why an import failed, in the user's language: the error code's text (the detail goes with it). */
export const importErrorText = (t: TFunction, feedImport: FeedImport) =>
  feedImport.errorCode ? t(`products:error.${feedImport.errorCode}`) : t('products:import.failed');

/**
 * How far a queued or running import is: bytes read of the total when the size is known, else
 * the items read so far (an indeterminate bar), told to screen readers as the value text.
 */
function ImportProgress({ feedImport }: { feedImport: FeedImport }) {
  const { t } = useTranslation('products');
  const { bytesRead, bytesTotal, itemsRead } = feedImport;
  const percent =
    feedImport.status === 'running' && bytesTotal
      ? Math.min(100, Math.floor((bytesRead / bytesTotal) * 100))
      : null;
  const text =
    feedImport.status === 'queued'
      ? t('import.queued')
      : percent !== null && bytesTotal
        ? t('import.bytes', {
            percent: formatNumber(percent),
            read: formatFileSize(bytesRead),
            total: formatFileSize(bytesTotal),
            items: formatNumber(itemsRead),
          })
        : t('import.items', { count: itemsRead, items: formatNumber(itemsRead) });
  return (
    <>
      <ProgressBar value={percent ?? undefined} label={t('import.progress')} valueText={text} />
      <p className={styles.muted} aria-hidden="true">
        {text}
      </p>
    </>
  );
}

/** Added, updated, unchanged, removed and rejected, as figures. */
function ImportSummary({ summary }: { summary: FeedImportSummary }) {
  const { t } = useTranslation('products');
  return (
    <dl className={styles.summary} aria-label={t('import.summaryLabel')}>
      {summaryKeys.map((key) => (
        <div key={key}>
          <dt>{t(`import.summary.${key}`)}</dt>
          <dd>{formatNumber(summary[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A failed import: what went wrong (translated from its code) and where (the detail). */
export function ImportFailure({ feedImport }: { feedImport: FeedImport }) {
  const { t } = useTranslation('products');
  return (
    <div className={styles.failure} role="alert">
      <p className={styles.failureTitle}>{t('import.failed')}</p>
      <p>{importErrorText(t, feedImport)}</p>
      {feedImport.errorDetail && <p>{t('import.detail', { detail: feedImport.errorDetail })}</p>}
      <p className={styles.muted}>{t('import.partial')}</p>
    </div>
  );
}

/**
 * The feed's newest import: its progress while it is queued or running (the feed is read each
 * second meanwhile), then what it did, or why it failed.
 */
export function CurrentImport({
  feedImport,
  onRejections,
}: {
  feedImport: FeedImport;
  onRejections: (feedImport: FeedImport) => void;
}) {
  const { t } = useTranslation('products');
  const active = isImportActive(feedImport);
  return (
    <section className={styles.card} aria-labelledby="current-import-heading" aria-busy={active || undefined}>
      <h2 id="current-import-heading" className={styles.cardHeading}>
        {t('import.heading')}
      </h2>
      <div className={styles.importHead}>
        <ImportStatusBadge status={feedImport.status} />
        <span className={styles.muted}>
          {t(`trigger.${feedImport.trigger}`)} ·{' '}
          {feedImport.finishedAt
            ? t('import.finished', { at: formatDateTime(feedImport.finishedAt) })
            : t('import.started', { at: formatDateTime(feedImport.startedAt ?? feedImport.createdAt) })}
        </span>
      </div>
      {active ? (
        <ImportProgress feedImport={feedImport} />
      ) : (
        <>
          {feedImport.status === 'failed' && <ImportFailure feedImport={feedImport} />}
          {feedImport.status === 'not_modified' ? (
            <p className={styles.muted}>{t('import.notModified')}</p>
          ) : (
            <ImportSummary summary={feedImport.summary} />
          )}
          {feedImport.summary.rejected > 0 && (
            <Button size="small" variant="outline" onClick={() => onRejections(feedImport)}>
              {t('import.seeRejections')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
