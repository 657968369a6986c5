import type { ReportMetrics } from '@rtb/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatNumber, formatPercent } from '../../lib/format';
import { campaignMoney, campaignSpend } from '../campaigns/campaign-money';
import styles from './reports.module.css';

export interface Metric {
  key: string;
  label: string;
  value: (metrics: ReportMetrics) => ReactNode;
}

/**
 * The report's figures in their order, each with its label and how it reads (spec section 9:
 * money with the currency, percentages); a figure with nothing to divide by is a dash, with
 * words for screen readers.
 */
export function reportMetrics(t: TFunction, currency: string): Metric[] {
  const none = (
    <span className={styles.positioned}>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{t('reports:noValue')}</span>
    </span>
  );
  const money = (micros: number | null) => (micros === null ? none : campaignSpend(micros, currency));
  const percent = (ratio: number | null) => (ratio === null ? none : formatPercent(ratio * 100));
  const metric = (key: string, value: Metric['value']): Metric => ({
    key,
    label: t(`reports:metrics.${key}`),
    value,
  });
  return [
    metric('impressions', (m) => formatNumber(m.impressions)),
    metric('clicks', (m) => formatNumber(m.clicks)),
    metric('ctr', (m) => percent(m.ctr)),
    metric('spend', (m) => money(m.spendMicros)),
    metric('cpm', (m) => money(m.cpmMicros)),
    metric('cpc', (m) => money(m.cpcMicros)),
    metric('conversions', (m) => formatNumber(m.conversions)),
    metric('conversionValue', (m) => campaignMoney(m.conversionValueMinor, currency)),
    metric('roas', (m) => percent(m.roas)),
  ];
}
