import { areaUnderCurve } from './auc';
import { type CalibrationBin, calibration } from './calibration';
import type { ScoredExamples } from './examples';
import { logLoss } from './log-loss';

/** How a model did on a hold-out (the last hour, which neither model trained on). */
export interface ModelQuality {
  examples: number;
  positives: number;
  logLoss: number;
  /** Null without both a positive and a negative. */
  auc: number | null;
  /** The mean prediction, and it over the positive rate (1 is calibrated; null without a positive). */
  meanPrediction: number;
  calibrationRatio: number | null;
  calibrationBins: CalibrationBin[];
  expectedCalibrationError: number;
}

export function modelQuality(examples: ScoredExamples, binCount = 10): ModelQuality {
  const { predictions, labels } = examples;
  let predicted = 0;
  let positives = 0;
  for (let i = 0; i < predictions.length; i += 1) {
    predicted += predictions[i] ?? 0;
    positives += labels[i] ? 1 : 0;
  }
  const { bins, expectedCalibrationError } = calibration(examples, binCount);
  return {
    examples: predictions.length,
    positives,
    logLoss: logLoss(examples),
    auc: areaUnderCurve(examples),
    meanPrediction: predictions.length ? predicted / predictions.length : 0,
    calibrationRatio: positives ? predicted / positives : null,
    calibrationBins: bins,
    expectedCalibrationError,
  };
}
