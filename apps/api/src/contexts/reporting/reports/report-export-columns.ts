import type { AgencyReportMetricKey, ReportTimeGrouping } from '@rtb/shared';
import type { ExportColumn, ExportRow } from '../../../core/exports';
import type { ExportLabels } from './export-labels';

const integerMetrics = new Set([
  'bids',
  'wins',
  'impressions',
  'clicks',
  'clickConversions',
  'viewConversions',
  'conversions',
  'postbackConversions',
  'tagConversions',
  'pixelConversions',
]);
const microsMetrics = new Set([
  'spendMicros',
  'cpmMicros',
  'cpcMicros',
  'cpaMicros',
  'shadingSavingMicros',
  'commissionMicros',
]);
/** The models' predictions: fractions of clicks and conversions added up. */
const decimalMetrics = new Set(['predictedClicks', 'predictedConversions']);

/**
 * The typed columns of a report's figures: counts as integers, predictions as decimals (2 digits),
 * rates and ROAS as percents (as the panels show them), money in the row's currency (its minor digits); headers in the user's
 * language, money headers naming the currency (its symbol, as the panels write money) when the
 * whole report has one.
 */
export function metricColumns<Row extends ExportRow>(
  metrics: readonly AgencyReportMetricKey[],
  labels: ExportLabels,
  /** `currency`: how the money headers name it (the configured symbol). */
  money: { currency: string | null; digits: number | ((row: Row) => number) },
): ExportColumn<Row>[] {
  return metrics.map((metric): ExportColumn<Row> => {
    const key = metric as keyof Row & string;
    const header = labels.metrics[metric];
    if (integerMetrics.has(metric)) return { key, header, type: 'integer' };
    if (decimalMetrics.has(metric)) return { key, header, type: 'decimal', digits: 2 };
    const moneyHeader = money.currency ? `${header} (${money.currency})` : header;
    if (microsMetrics.has(metric))
      return { key, header: moneyHeader, type: 'money', unit: 'micros', digits: money.digits };
    if (metric === 'conversionValueMinor')
      return { key, header: moneyHeader, type: 'money', unit: 'minor', digits: money.digits };
    // The rest are ratios: win rate, CTR, conversion rate, ROAS and the shading's saving rate.
    return { key, header, type: 'percent' };
  });
}

/** The time bucket's column: days and weeks as dates, hours and months as their labels. */
export function periodColumn<Row extends ExportRow>(
  time: Exclude<ReportTimeGrouping, 'none'>,
  labels: ExportLabels,
): ExportColumn<Row> {
  const key = 'period' as keyof Row & string;
  const header = labels.period[time];
  return time === 'day' || time === 'week' ? { key, header, type: 'date' } : { key, header, type: 'text' };
}
