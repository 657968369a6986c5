import type { ReportDto, ReportMetricKey, ReportMetrics } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCurrencyOf } from '../../account/reference-data';
import { formatDay } from '../../lib/format';
import { failureText } from '../../shell/form/failure-text';
import { TableScroll } from '../../shell/list/table-scroll';
import { MetricValue } from '../reports';
import styles from './performance.module.css';
import { useOwnReport } from './use-own-report';

/** The figures a marketer reads first, in this order. */
export const KPI_METRICS = [
  'spendMicros',
  'impressions',
  'clicks',
  'ctr',
  'conversions',
  'roas',
] as const satisfies readonly ReportMetricKey[];

interface KpiColumn {
  key: 'today' | 'yesterday' | 'week';
  metrics: ReportMetrics | undefined;
  /** The days it covers, for the column's title. */
  days: string;
}

/** Today, yesterday (the report's last two days) and the whole week the report covers. */
export function kpiColumns(report: ReportDto): KpiColumn[] {
  const today = report.chart.at(-1);
  const yesterday = report.chart.at(-2);
  return [
    { key: 'today', metrics: today, days: formatDay(report.to) },
    { key: 'yesterday', metrics: yesterday, days: yesterday ? formatDay(yesterday.period) : '' },
    { key: 'week', metrics: report.totals, days: `${formatDay(report.from)}–${formatDay(report.to)}` },
  ];
}

/**
 * Today, yesterday and the last 7 days side by side (the advertiser's days, valid delivery): the
 * advertiser's whole account, or one campaign.
 */
export function PeriodKpis({ campaignId, heading }: { campaignId?: number; heading: string }) {
  const { t } = useTranslation('performance');
  const currencyOf = useCurrencyOf();
  // The report's default period: the 7 days up to today in the advertiser's time zone.
  const report = useOwnReport({ time: 'day', ...(campaignId ? { campaignId } : {}) });

  return (
    <section className={styles.card} aria-labelledby="period-kpis-heading">
      <h2 id="period-kpis-heading" className={styles.cardHeading}>
        {heading}
      </h2>
      {report.isPending && <p>{t('common:loading')}</p>}
      {report.isError && <p role="alert">{failureText(t, report.error)}</p>}
      {report.data && (
        <TableScroll caption={heading}>
          <table className={styles.kpis}>
            <thead>
              <tr>
                <td />
                {kpiColumns(report.data).map((column) => (
                  <th key={column.key} scope="col">
                    {t(`kpis.${column.key}`)} <span className={styles.days}>{column.days}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {KPI_METRICS.map((metric) => (
                <tr key={metric}>
                  <th scope="row">{t(`reports:metrics.${metric}`)}</th>
                  {kpiColumns(report.data).map((column) => (
                    <td key={column.key}>
                      <MetricValue
                        metric={metric}
                        value={column.metrics?.[metric] ?? null}
                        currency={currencyOf(report.data.currency)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
