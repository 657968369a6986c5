import { type ReportMetricKey, shiftDay } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureText } from '../../shell/form/failure-text';
import { type ChartType, ReportChart, type ReportSearchChange } from '../reports';
import styles from './performance.module.css';
import { useOwnReport } from './use-own-report';

/** The days the campaign's trend covers, today included. */
const TREND_DAYS = 30;

interface TrendChoice {
  metric: ReportMetricKey;
  metric2: ReportMetricKey | undefined;
  type: ChartType;
}

/**
 * A campaign's last 30 days, day by day, in the reports' chart (spend and impressions to begin
 * with; the figures and the chart's type are the user's choice), with the way to its full report.
 */
export function CampaignTrend({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation('performance');
  const [choice, setChoice] = useState<TrendChoice>({
    metric: 'spendMicros',
    metric2: 'impressions',
    type: 'line',
  });
  const week = useOwnReport({ time: 'day', campaignId });
  const today = week.data?.to;
  const trend = useOwnReport(
    { time: 'day', campaignId, from: today ? shiftDay(today, 1 - TREND_DAYS) : '', to: today ?? '' },
    today !== undefined,
  );
  const change = (next: ReportSearchChange) =>
    setChoice((current) => ({
      metric: next.metric ?? current.metric,
      metric2: 'metric2' in next ? next.metric2 : current.metric2,
      type: next.chart ?? current.type,
    }));
  const error = week.error ?? trend.error;

  return (
    <div className={styles.trend}>
      {error && <p role="alert">{failureText(t, error)}</p>}
      {!error && !trend.data && <p>{t('common:loading')}</p>}
      {trend.data && (
        <ReportChart
          report={trend.data}
          metric={choice.metric}
          metric2={choice.metric2}
          type={choice.type}
          onChange={change}
        />
      )}
      <Link className={styles.nameLink} to={`/panel/advertiser/reports?campaignId=${campaignId}`}>
        {t('trend.fullReport')}
      </Link>
    </div>
  );
}
