import type { AgencyReportMetricKey, AgencyReportMetrics } from '@rtb/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatNumber, formatPercent } from '../../lib/format';
import { campaignMoney, campaignSpend } from '../campaigns/campaign-money';
import styles from './agency-reporting.module.css';

type Kind = 'count' | 'ratio' | 'micros' | 'minor';

/** How each figure reads: counts, ratios (0-1, shown as percentages), money in micro- or minor units. */
const kinds: Record<AgencyReportMetricKey, Kind> = {
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
  conversionRate: 'ratio',
  conversionValueMinor: 'minor',
  cpaMicros: 'micros',
  roas: 'ratio',
  commissionMicros: 'micros',
};

/**
 * One figure of a row or a total as spec section 9 writes it, money in `currency`: grouped
 * counts, percentages with 2 decimals, amounts with 2 decimals and the currency code; a dash
 * (with words for screen readers) where the figure has nothing to divide by.
 */
export function formatMetric(
  t: TFunction,
  key: AgencyReportMetricKey,
  metrics: AgencyReportMetrics,
  currency: string,
): ReactNode {
  const value = metrics[key];
  if (value === null)
    return (
      <span className={styles.positioned}>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{t('agency-reporting:noValue')}</span>
      </span>
    );
  switch (kinds[key]) {
    case 'count':
      return formatNumber(value);
    case 'ratio':
      return formatPercent(value * 100);
    case 'micros':
      return campaignSpend(value, currency);
    case 'minor':
      return campaignMoney(value, currency);
  }
}

/** A figure's column header. */
export const metricLabel = (t: TFunction, key: AgencyReportMetricKey) => t(`agency-reporting:metrics.${key}`);
