import { assertScoredExamples, byPrediction, type ScoredExamples } from './examples';

/**
 * Area under the ROC curve from ranks (Mann-Whitney): the chance that a positive is predicted
 * above a negative, a tie counting half. Null without both a positive and a negative.
 */
export function areaUnderCurve(examples: ScoredExamples): number | null {
  assertScoredExamples(examples);
  const { predictions, labels } = examples;
  const order = byPrediction(examples);
  let positives = 0;
  let positiveRanks = 0;
  for (let start = 0; start < order.length; ) {
    // A run of equal predictions shares the mean of its ranks (1-based).
    let end = start + 1;
    const value = predictions[order[start] ?? 0];
    while (end < order.length && predictions[order[end] ?? 0] === value) end += 1;
    const meanRank = (start + 1 + end) / 2;
    for (let at = start; at < end; at += 1)
      if (labels[order[at] ?? 0]) {
        positives += 1;
        positiveRanks += meanRank;
      }
    start = end;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return null;
  return (positiveRanks - (positives * (positives + 1)) / 2) / (positives * negatives);
}
