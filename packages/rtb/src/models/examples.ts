/** Predictions and what happened (1 positive, 0 negative), one each per example of a hold-out. */
export interface ScoredExamples {
  predictions: ArrayLike<number>;
  labels: ArrayLike<number>;
}

export function assertScoredExamples({ predictions, labels }: ScoredExamples): void {
  if (predictions.length !== labels.length)
    throw new RangeError(`${predictions.length} predictions for ${labels.length} labels.`);
}

/** The examples' positions by prediction, lowest first. */
export function byPrediction({ predictions }: ScoredExamples): Int32Array {
  const order = new Int32Array(predictions.length);
  for (let i = 0; i < order.length; i += 1) order[i] = i;
  return order.sort((a, b) => (predictions[a] ?? 0) - (predictions[b] ?? 0));
}
