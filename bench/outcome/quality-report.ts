import type { ModelComparison, ModelQualityResult, Scores } from './model-quality-section';
import type { Check, FigureRow, SectionReport } from './section';

/** Fewer orders than this in the hold-out, and the conversion model's scores say little. */
export const MIN_POSITIVES = 100;

const scoreRows = (model: string, comparison: ModelComparison): FigureRow[] => {
  const of = (pick: (scores: Scores) => number | null) =>
    [comparison.learned, comparison.truth, comparison.constant].map(pick);
  return [
    { figure: `${model} AUC`, unit: 'score', values: of((s) => s.auc) },
    { figure: `${model} log loss`, unit: 'score', values: of((s) => s.logLoss) },
  ];
};

/** How far the learned model went from the floor (the constant) to the ceiling (the truth). */
function gapClosed(model: string, { learned, truth, constant }: ModelComparison): string {
  const share = (l: number, t: number, c: number) => `${Math.round(((l - c) / (t - c)) * 100)} %`;
  const auc = learned.auc !== null && truth.auc !== null ? share(learned.auc, truth.auc, 0.5) : '-';
  return `${model} model: ${auc} of the way from the constant to the true model in AUC, ${share(learned.logLoss, truth.logLoss, constant.logLoss)} in log loss`;
}

const beatsConstant = (model: string, { learned, constant }: ModelComparison): Check => ({
  goal: `the ${model} model beats the constant (log loss ${learned.logLoss.toFixed(4)} < ${constant.logLoss.toFixed(4)}, AUC ${learned.auc?.toFixed(4) ?? '-'} > 0.5)`,
  passed: learned.logLoss < constant.logLoss && (learned.auc ?? 0) > 0.5,
});

/** (b)'s figures: each model's AUC and log loss beside the true model's, and the constant's after. */
export function qualityReport(
  heldOut: number,
  { click, conversion }: ModelQualityResult,
): Omit<SectionReport, 'loadAverage'> {
  const enoughOrders = conversion.positives >= MIN_POSITIVES;
  return {
    title:
      "(b) Model quality on a hold-out: the target-CPA campaign's models against the truth and a constant",
    notes: [
      `${heldOut.toLocaleString('en-US')} opportunities after (a), models frozen, each shown with the campaign's creative: ` +
        `${click.examples.toLocaleString('en-US')} impressions, ${click.positives.toLocaleString('en-US')} clicks, ${conversion.positives.toLocaleString('en-US')} orders after a click`,
      "true model: the world's probabilities averaged over each impression's noise (it knows the visitor too: a ceiling); constant: the hold-out's own rate",
      gapClosed('click', click),
      enoughOrders
        ? gapClosed('conversion', conversion)
        : `conversion model: ${conversion.positives} orders in the hold-out, under ${MIN_POSITIVES}: too few to score it`,
    ],
    columns: ['learned', 'true model', 'constant'],
    rows: [
      ...scoreRows('click', click),
      ...(enoughOrders ? scoreRows('conversion (of clicks)', conversion) : []),
    ],
    checks: [
      beatsConstant('click', click),
      ...(enoughOrders ? [beatsConstant('conversion', conversion)] : []),
    ],
  };
}
