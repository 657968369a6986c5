import type { ReportPointDto } from '@rtb/shared';

/** What the models predicted and what happened: clicks, or conversions after a click. */
export type PredictedMeasure = 'clicks' | 'conversions';

const figures = {
  clicks: { predicted: 'predictedClicks', actual: 'clicks' },
  conversions: { predicted: 'predictedConversions', actual: 'clickConversions' },
} as const satisfies Record<
  PredictedMeasure,
  { predicted: keyof ReportPointDto; actual: keyof ReportPointDto }
>;

/** A measure's predicted and actual figures over the days a model scored. */
export interface PredictedAgainstActual {
  /** Null when no model scored any day's impressions. */
  predicted: number | null;
  /** What happened on the days with a prediction (every day's when none has one). */
  actual: number;
  /** Days with impressions, and those of them with a prediction. */
  deliveredDays: number;
  scoredDays: number;
}

/**
 * A measure's predictions against what happened, day by day: only the days with a prediction
 * count, so that impressions shown before any model scored them (which predict nothing) are not
 * set against what they brought. The actual conversions are the post-click ones: the conversion
 * model predicts a conversion after a click.
 */
export function predictedAgainstActual(
  chart: readonly ReportPointDto[],
  measure: PredictedMeasure,
): PredictedAgainstActual {
  const { predicted, actual } = figures[measure];
  const delivered = chart.filter((day) => day.impressions > 0);
  const scored = chart.filter((day) => day[predicted] !== null);
  const sum = (days: readonly ReportPointDto[], pick: (day: ReportPointDto) => number) =>
    days.reduce((total, day) => total + pick(day), 0);
  return {
    predicted: scored.length ? sum(scored, (day) => day[predicted] ?? 0) : null,
    actual: sum(scored.length ? scored : chart, (day) => day[actual]),
    deliveredDays: delivered.length,
    scoredDays: scored.length,
  };
}

/** A day of the chart of a measure: what was predicted (null: no model scored it) and what happened. */
export const predictedPoint = (day: ReportPointDto, measure: PredictedMeasure) => ({
  period: day.period,
  predicted: day[figures[measure].predicted],
  actual: day[figures[measure].actual],
});
