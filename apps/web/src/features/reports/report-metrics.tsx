import type { AgencyReportMetricKey, ReportMetricKey } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { type CurrencyLike, formatNumber, formatPercent } from '../../lib/format';
import { campaignMoney, campaignSpend } from '../campaigns';
import styles from './reports.module.css';

/**
 * A figure of any report: the advertiser's (`ReportMetricKey`) or the agency's, which adds the
 * commission it earned (`commissionMicros`).
 */
export type MetricKey = AgencyReportMetricKey;

/**
 * How a figure reads: a count, a prediction (a count with decimals: fractions of clicks added
 * up), a ratio (shown in %), money in micro-units or minor units.
 */
type MetricKind = 'count' | 'predicted' | 'ratio' | 'micros' | 'minor';

const kinds: Record<MetricKey, MetricKind> = {
  bids: 'count',
  wins: 'count',
  winRate: 'ratio',
  impressions: 'count',
  clicks: 'count',
  ctr: 'ratio',
  spendMicros: 'micros',
  cpmMicros: 'micros',
  cpcMicros: 'micros',
  clickConversions: 'count',
  viewConversions: 'count',
  conversions: 'count',
  postbackConversions: 'count',
  tagConversions: 'count',
  pixelConversions: 'count',
  conversionRate: 'ratio',
  conversionValueMinor: 'minor',
  cpaMicros: 'micros',
  roas: 'ratio',
  predictedClicks: 'predicted',
  predictedConversions: 'predicted',
  shadingSavingMicros: 'micros',
  shadingSavingRate: 'ratio',
  commissionMicros: 'micros',
};

/**
 * Whether more of a figure is good news (true), bad news (costs per result: false) or neither
 * (what is bid and spent: null); the comparison colours its change by it.
 */
export const higherIsBetter: Record<MetricKey, boolean | null> = {
  bids: null,
  wins: true,
  winRate: true,
  impressions: true,
  clicks: true,
  ctr: true,
  spendMicros: null,
  cpmMicros: false,
  cpcMicros: false,
  clickConversions: true,
  viewConversions: true,
  conversions: true,
  postbackConversions: true,
  tagConversions: true,
  pixelConversions: true,
  conversionRate: true,
  conversionValueMinor: true,
  cpaMicros: false,
  roas: true,
  predictedClicks: null,
  predictedConversions: null,
  shadingSavingMicros: true,
  shadingSavingRate: true,
  commissionMicros: true,
};

/** The default columns: what an advertiser reads first. */
export const defaultReportColumns: readonly ReportMetricKey[] = [
  'impressions',
  'clicks',
  'ctr',
  'spendMicros',
  'cpmMicros',
  'cpcMicros',
  'conversions',
  'conversionValueMinor',
  'roas',
];

/** A prediction (fractions of clicks or conversions added up) with 2 decimals: 0.48 of a conversion is not none. */
export const formatPredicted = (value: number): string =>
  formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A figure as the panels show it (spec section 9: grouped numbers, predictions with 2 decimals,
 * money with the currency's symbol, ratios in % with 2 decimals), or null when there is nothing
 * to divide by (or, for a prediction, no model scored the impressions).
 */
export function formatMetric(key: MetricKey, value: number | null, currency: CurrencyLike): string | null {
  if (value === null) return null;
  switch (kinds[key]) {
    case 'count':
      return formatNumber(value);
    case 'predicted':
      return formatPredicted(value);
    case 'ratio':
      return formatPercent(value * 100);
    case 'micros':
      return campaignSpend(value, currency);
    case 'minor':
      return campaignMoney(value, currency);
  }
}

/** A figure as a plain number for a chart's axis: money in currency units, ratios in %. */
export function chartValue(key: MetricKey, value: number | null): number | null {
  if (value === null) return null;
  switch (kinds[key]) {
    case 'count':
    case 'predicted':
      return value;
    case 'ratio':
      return value * 100;
    case 'micros':
      return value / 1_000_000;
    case 'minor':
      return value / 100;
  }
}

/** Whether a figure counts things (a chart's axis of it steps by whole numbers). */
export const isCount = (key: MetricKey): boolean => kinds[key] === 'count';

/** The chart's number back as the figure it stands for (the inverse of `chartValue`). */
export function fromChartValue(key: MetricKey, value: number): number {
  switch (kinds[key]) {
    case 'count':
    case 'predicted':
      return value;
    case 'ratio':
      return value / 100;
    case 'micros':
      return Math.round(value * 1_000_000);
    case 'minor':
      return Math.round(value * 100);
  }
}

/** Whether a figure is one of the models' predictions (null: no model scored the impressions). */
const isPredicted = (key: MetricKey): boolean => kinds[key] === 'predicted';

/**
 * A dash where a figure has nothing to divide by, or a prediction where no model scored the
 * impressions, with words for screen readers.
 */
export function NoValue({ metric }: { metric: MetricKey }) {
  const { t } = useTranslation('reports');
  return (
    <span className={styles.positioned}>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{t(isPredicted(metric) ? 'noPrediction' : 'noValue')}</span>
    </span>
  );
}

/** A figure formatted, or the dash. */
export function MetricValue({
  metric,
  value,
  currency,
}: {
  metric: MetricKey;
  value: number | null;
  currency: CurrencyLike;
}) {
  const text = formatMetric(metric, value, currency);
  return text === null ? <NoValue metric={metric} /> : text;
}
