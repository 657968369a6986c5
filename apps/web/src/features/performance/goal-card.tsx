import type { CampaignDto, ReportMetrics } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrencyOf } from '../../account/reference-data';
import { type CurrencyLike, formatPercent } from '../../lib/format';
import { Badge } from '../../shell/badge/badge';
import { ToggleButton } from '../../shell/button/toggle-button';
import { failureText } from '../../shell/form/failure-text';
import { campaignSpend } from '../campaigns';
import { formatMetric, presetPeriod } from '../reports';
import { type GoalAttainment, goalAttainment, isOutcomeGoal, type OutcomeGoal } from './goal-attainment';
import { GoalPredictions } from './goal-predictions';
import styles from './performance.module.css';
import { useOwnReport } from './use-own-report';

/** The periods the card offers, as the reports' presets name them; the last 30 days first shown, as the trend's. */
const GOAL_PERIODS = ['last7', 'last30', 'thisMonth'] as const;
type GoalPeriod = (typeof GOAL_PERIODS)[number];

const sideTone = { better: 'success', on: 'success', worse: 'warning' } as const;

/**
 * An outcome campaign's goal over a period (target CPC, CPA or ROAS; nothing for a maximum CPM):
 * the actual figure against the target and how far off it is, the models' predictions against
 * what happened, and what bid shading saved, with words on what each means.
 */
export function GoalCard({ campaign }: { campaign: CampaignDto }) {
  return isOutcomeGoal(campaign.goal) ? <OutcomeGoalCard campaign={campaign} goal={campaign.goal} /> : null;
}

function OutcomeGoalCard({ campaign, goal }: { campaign: CampaignDto; goal: OutcomeGoal }) {
  const { t } = useTranslation('performance');
  const currency = useCurrencyOf()(campaign.currency);
  const [preset, setPreset] = useState<GoalPeriod>('last30');
  // The week's report (shared with the figures above) says which day is today on the advertiser's clock.
  const week = useOwnReport({ time: 'day', campaignId: campaign.id });
  const today = week.data?.to;
  const days = today ? presetPeriod(preset, today) : null;
  const report = useOwnReport(
    { time: 'day', campaignId: campaign.id, from: days?.from ?? '', to: days?.to ?? '' },
    days !== null,
  );
  const error = week.error ?? report.error;
  const totals = report.data?.totals;
  const delivered = totals !== undefined && totals.impressions > 0;
  const attainment = totals && delivered ? goalAttainment(goal, totals) : null;

  return (
    <section className={styles.card} aria-labelledby="goal-heading">
      <h2 id="goal-heading" className={styles.cardHeading}>
        {t('goal.heading')}{' '}
        {attainment?.side && (
          <Badge tone={sideTone[attainment.side]}>{t(`goal.sides.${attainment.side}`)}</Badge>
        )}
      </h2>
      <fieldset className={styles.periods}>
        <legend className="visually-hidden">{t('goal.period')}</legend>
        {GOAL_PERIODS.map((period) => (
          <ToggleButton key={period} pressed={period === preset} onClick={() => setPreset(period)}>
            {t(`reports:presets.${period}`)}
          </ToggleButton>
        ))}
      </fieldset>
      {error && <p role="alert">{failureText(t, error)}</p>}
      {!error && !report.data && <p>{t('common:loading')}</p>}
      {report.data && totals && !delivered && <p className={styles.note}>{t('goal.empty')}</p>}
      {report.data && totals && attainment && (
        <>
          <p className={styles.goalLine}>{attainmentText(goal, attainment, currency, t)}</p>
          <p className={styles.note}>
            {t(`goal.explain.${goal.kind}`)} {t('goal.gross')}
          </p>
          <GoalPredictions goal={goal} chart={report.data.chart} />
          <ShadingSaving totals={totals} currency={currency} />
        </>
      )}
    </section>
  );
}

/** 'CPA 18.20 zł against a 20.00 zł target: 9.00% under.', or why there is no figure yet. */
function attainmentText(
  goal: OutcomeGoal,
  { metric, target, actual, percentOff, side }: GoalAttainment,
  currency: CurrencyLike,
  t: TFunction,
): string {
  if (actual === null || percentOff === null || side === null) return t(`goal.noActual.${goal.kind}`);
  const values = {
    figure: t(`reports:metrics.${metric}`),
    actual: formatMetric(metric, actual, currency) ?? '',
    target: formatMetric(metric, target, currency) ?? '',
    percent: formatPercent(percentOff),
  };
  if (side === 'on') return t('goal.attainment.on', values);
  const direction = goal.kind === 'targetRoas' ? 'return' : 'cost';
  return t(`goal.attainment.${side}_${direction}`, values);
}

/** What shading saved in the period, when any first-price bid was shaded. */
function ShadingSaving({ totals, currency }: { totals: ReportMetrics; currency: CurrencyLike }) {
  const { t } = useTranslation('performance');
  if (totals.shadingSavingRate === null) return null;
  return (
    <>
      <h3 className={styles.subheading}>{t('goal.savingHeading')}</h3>
      <p>
        {t('goal.saving', {
          amount: campaignSpend(totals.shadingSavingMicros, currency),
          percent: formatPercent(totals.shadingSavingRate * 100),
        })}
      </p>
    </>
  );
}
