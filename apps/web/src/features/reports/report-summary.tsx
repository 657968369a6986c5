import type { ReportDto, ReportMetricKey } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCurrencyOf } from '../../account/reference-data';
import { formatDay } from '../../lib/format';
import { ReportChange } from './report-change';
import { formatMetric, MetricValue } from './report-metrics';
import styles from './reports.module.css';

/**
 * The period's totals of the figures shown, a tile each; with a comparison, each tile also has
 * the previous period's figure and the change.
 */
export function ReportSummary({
  report,
  columns,
}: {
  report: ReportDto;
  columns: readonly ReportMetricKey[];
}) {
  const { t } = useTranslation('reports');
  const { previous } = report;
  const currency = useCurrencyOf()(report.currency);
  return (
    <section className={styles.card} aria-labelledby="report-summary-heading">
      <h2 id="report-summary-heading" className={styles.cardHeading}>
        {t('summary.heading')}
      </h2>
      {previous && (
        <p className={styles.note}>
          {t('summary.comparedWith', { from: formatDay(previous.from), to: formatDay(previous.to) })}
        </p>
      )}
      <dl className={styles.tiles}>
        {columns.map((metric) => (
          <div key={metric} className={styles.tile}>
            <dt>{t(`metrics.${metric}`)}</dt>
            <dd>
              <MetricValue metric={metric} value={report.totals[metric]} currency={currency} />
            </dd>
            {previous && (
              <dd className={styles.previous}>
                <ReportChange
                  metric={metric}
                  current={report.totals[metric]}
                  previous={previous.totals[metric]}
                />
                <span>
                  {t('summary.previous', {
                    value: formatMetric(metric, previous.totals[metric], currency) ?? '–',
                  })}
                </span>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}
