import type { ReportPointDto } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../lib/format';
import { ToggleButton } from '../../shell/button/toggle-button';
import { roundTicks } from '../../shell/chart-ticks';
import { TableScroll } from '../../shell/list/table-scroll';
import { formatPredicted, periodTick } from '../reports';
import type { OutcomeGoal } from './goal-attainment';
import styles from './performance.module.css';
import { type PredictedMeasure, predictedAgainstActual, predictedPoint } from './predicted-against-actual';

const MEASURES = ['clicks', 'conversions'] as const satisfies readonly PredictedMeasure[];

/**
 * What the click and conversion models predicted of the period's impressions against what
 * happened: a table of both measures ('No model yet' where none scored them, and over which days
 * when only some were scored), and a chart of one of them by day (the goal's: clicks for a target
 * CPC, else conversions), which the table says in words.
 */
export function GoalPredictions({ goal, chart }: { goal: OutcomeGoal; chart: readonly ReportPointDto[] }) {
  const { t } = useTranslation('performance');
  const [shown, setShown] = useState<PredictedMeasure>(goal.kind === 'targetCpc' ? 'clicks' : 'conversions');
  const compared = MEASURES.map((measure) => ({ measure, ...predictedAgainstActual(chart, measure) }));
  const anyModel = compared.some((row) => row.predicted !== null);

  return (
    <>
      <h3 className={styles.subheading}>{t('goal.predictions.heading')}</h3>
      <p className={styles.note}>{t('goal.predictions.explain')}</p>
      {!anyModel ? (
        <p>{t('goal.predictions.noModel')}</p>
      ) : (
        <div className={styles.stack}>
          <TableScroll caption={t('goal.predictions.heading')}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('goal.predictions.caption')}</caption>
              <thead>
                <tr>
                  <td />
                  <th scope="col">{t('goal.predictions.predicted')}</th>
                  <th scope="col">{t('goal.predictions.actual')}</th>
                </tr>
              </thead>
              <tbody>
                {compared.map((row) => (
                  <tr key={row.measure}>
                    <th scope="row">{t(`goal.predictions.measures.${row.measure}`)}</th>
                    <td>
                      {row.predicted === null
                        ? t('goal.predictions.noModelCell')
                        : formatPredicted(row.predicted)}
                    </td>
                    <td>{formatNumber(row.actual)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {compared
            .filter((row) => row.predicted !== null && row.scoredDays < row.deliveredDays)
            .map((row) => (
              <p key={row.measure} className={styles.note}>
                {t('goal.predictions.partial', {
                  measure: t(`goal.predictions.measures.${row.measure}`),
                  scored: row.scoredDays,
                  delivered: row.deliveredDays,
                })}
              </p>
            ))}
          <fieldset className={styles.periods}>
            <legend className="visually-hidden">{t('goal.predictions.chartMeasure')}</legend>
            {MEASURES.map((measure) => (
              <ToggleButton key={measure} pressed={measure === shown} onClick={() => setShown(measure)}>
                {t(`goal.predictions.measures.${measure}`)}
              </ToggleButton>
            ))}
          </fieldset>
          <PredictionChart chart={chart} measure={shown} />
        </div>
      )}
    </>
  );
}

/** A measure by day, predicted (dashed; a gap where no model scored the day) and actual: for the eye, the table has the figures. */
function PredictionChart({
  chart,
  measure,
}: {
  chart: readonly ReportPointDto[];
  measure: PredictedMeasure;
}) {
  const { t } = useTranslation('performance');
  const data = chart.map((day) => predictedPoint(day, measure));
  // Counts of events: an axis of at least one, in round steps (fractions of a click mean nothing on it).
  const ticks = roundTicks(
    Math.max(1, ...data.flatMap((point) => [point.predicted ?? 0, point.actual ?? 0])),
  );
  return (
    <>
      <div className={styles.chart} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="period"
              tickFormatter={(period: string) => periodTick(period, 'day')}
              interval="equidistantPreserveStart"
              minTickGap={16}
            />
            <YAxis
              width={48}
              ticks={ticks}
              domain={[0, ticks.at(-1) ?? 1]}
              tickFormatter={(value: number) => formatNumber(value, { notation: 'compact' })}
            />
            <Tooltip
              labelFormatter={(period) => periodTick(String(period), 'day')}
              formatter={(value) => (typeof value === 'number' ? formatPredicted(value) : '')}
            />
            <Line
              type="linear"
              dataKey="predicted"
              name={t('goal.predictions.predicted')}
              stroke="var(--color-muted)"
              strokeDasharray="6 4"
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
            <Line
              type="linear"
              dataKey="actual"
              name={t('goal.predictions.actual')}
              stroke="var(--color-primary)"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <p className={styles.legendLine}>
        <span className={styles.solidSwatch} aria-hidden="true" /> {t('goal.predictions.actual')}
        <span className={styles.dashedSwatch} aria-hidden="true" /> {t('goal.predictions.predicted')}
      </p>
    </>
  );
}
