import { assertScoredExamples, byPrediction, type ScoredExamples } from './examples';

/** A slice of the examples by prediction: what the model said on average and what happened. */
export interface CalibrationBin {
  examples: number;
  meanPrediction: number;
  positiveRate: number;
}

export interface Calibration {
  bins: CalibrationBin[];
  /** The bins' |meanPrediction - positiveRate| weighted by their examples. */
  expectedCalibrationError: number;
}

/**
 * Calibration over `binCount` bins of equal counts by prediction (not of equal width: click
 * rates sit near 0, where equal widths would put every example in the first bin).
 */
export function calibration(examples: ScoredExamples, binCount = 10): Calibration {
  assertScoredExamples(examples);
  if (!Number.isInteger(binCount) || binCount < 1) throw new RangeError(`${binCount} calibration bins.`);
  const { predictions, labels } = examples;
  const order = byPrediction(examples);
  const bins: CalibrationBin[] = [];
  let error = 0;
  for (let bin = 0; bin < binCount; bin += 1) {
    const start = Math.floor((bin * order.length) / binCount);
    const end = Math.floor(((bin + 1) * order.length) / binCount);
    if (end === start) continue;
    let predicted = 0;
    let positives = 0;
    for (let at = start; at < end; at += 1) {
      const example = order[at] ?? 0;
      predicted += predictions[example] ?? 0;
      positives += labels[example] ? 1 : 0;
    }
    const count = end - start;
    bins.push({ examples: count, meanPrediction: predicted / count, positiveRate: positives / count });
    error += Math.abs(predicted - positives);
  }
  return { bins, expectedCalibrationError: order.length ? error / order.length : 0 };
}
