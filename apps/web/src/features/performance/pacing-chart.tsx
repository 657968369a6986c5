import type { CampaignDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useCurrencyOf } from '../../account/reference-data';
import { formatNumber } from '../../lib/format';
import { Badge } from '../../shell/badge/badge';
import { failureText } from '../../shell/form/failure-text';
import { campaignMoney, campaignSpend } from '../campaigns';
import { hourIn, pacingCurve } from './pacing-curve';
import styles from './performance.module.css';
import { useOwnReport } from './use-own-report';

const paceTone = { ahead: 'warning', on_track: 'success', behind: 'warning' } as const;

/**
 * Today's spend of a campaign added up hour by hour against the straight line to its daily budget
 * (its own, or what is left of the total per day left), with the pace in words: ahead, on track,
 * behind (the API's judgement, the rule the agency overview uses too). The chart is for the eye;
 * its caption says the same in words.
 */
export function PacingChart({ campaign }: { campaign: CampaignDto }) {
  const { t } = useTranslation('performance');
  const currency = useCurrencyOf()(campaign.currency);
  // The week's report (shared with the figures above) says which day is today on the advertiser's clock.
  const week = useOwnReport({ time: 'day', campaignId: campaign.id });
  const today = week.data?.to;
  const hours = useOwnReport(
    { time: 'hour', campaignId: campaign.id, from: today ?? '', to: today ?? '' },
    today !== undefined,
  );
  const budget = campaign.dailyBudget ?? campaign.derivedDailyBudget;
  const error = week.error ?? hours.error;
  const currentHour = hourIn(campaign.timeZone);
  const curve = hours.data ? pacingCurve(hours.data.chart, budget, currentHour) : [];
  const now = curve[currentHour];
  const spentMicros = hours.data?.totals.spendMicros ?? 0;

  return (
    <figure className={styles.card} aria-labelledby="pacing-heading">
      <h2 id="pacing-heading" className={styles.cardHeading}>
        {t('pacing.heading')}{' '}
        {campaign.pacingToday && (
          <Badge tone={paceTone[campaign.pacingToday]}>{t(`pacing.states.${campaign.pacingToday}`)}</Badge>
        )}
      </h2>
      {error && <p role="alert">{failureText(t, error)}</p>}
      {!error && !hours.data && <p>{t('common:loading')}</p>}
      {hours.data && (
        <>
          <figcaption className={styles.note}>
            {budget === null
              ? t('pacing.noDailyBudget', { spent: campaignSpend(spentMicros, currency) })
              : t('pacing.caption', {
                  spent: campaignSpend(spentMicros, currency),
                  budget: campaignMoney(budget, currency),
                  hour: now?.hour ?? '',
                  line: campaignMoney(Math.round((now?.ideal ?? 0) * 100), currency),
                })}{' '}
            {campaign.pacingToday
              ? t(`pacing.explain.${campaign.pacingToday}`)
              : t(campaign.status === 'active' ? 'pacing.tooEarly' : 'pacing.notActive')}
          </figcaption>
          <div className={styles.chart} aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart
                data={curve}
                margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
                accessibilityLayer={false}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="hour" interval="equidistantPreserveStart" minTickGap={16} />
                <YAxis
                  width={56}
                  tickFormatter={(value: number) => formatNumber(value, { notation: 'compact' })}
                />
                <Tooltip
                  formatter={(value) =>
                    typeof value === 'number' ? campaignMoney(Math.round(value * 100), currency) : ''
                  }
                />
                <Line
                  type="linear"
                  dataKey="ideal"
                  name={t('pacing.ideal')}
                  stroke="var(--color-muted)"
                  strokeDasharray="6 4"
                  dot={false}
                  isAnimationActive={false}
                />
                <Line
                  type="linear"
                  dataKey="spent"
                  name={t('pacing.spent')}
                  stroke="var(--color-primary)"
                  strokeWidth={2}
                  dot={false}
                  connectNulls={false}
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </div>
          <p className={styles.legendLine}>
            <span className={styles.solidSwatch} aria-hidden="true" /> {t('pacing.spent')}
            <span className={styles.dashedSwatch} aria-hidden="true" /> {t('pacing.ideal')}
          </p>
        </>
      )}
    </figure>
  );
}
