import { describe, expect, it } from 'vitest';
import { shouldPublish } from './publish-rule';
import type { ModelQuality } from './quality';

const current: ModelQuality = {
  examples: 100_000,
  positives: 500,
  logLoss: 0.03,
  auc: 0.75,
  meanPrediction: 0.00525,
  calibrationRatio: 1.05,
  calibrationBins: [],
  expectedCalibrationError: 0.0004,
};

describe('shouldPublish', () => {
  it('publishes a candidate as good as the model in use, or within the tolerances', () => {
    expect(shouldPublish(current, current)).toEqual({ publish: true, failed: [] });
    expect(shouldPublish({ ...current, logLoss: 0.0302, auc: 0.746 }, current).publish).toBe(true);
    expect(shouldPublish({ ...current, logLoss: 0.029, auc: 0.78 }, current).publish).toBe(true);
  });

  it('refuses a candidate worse in log loss or AUC beyond the tolerances', () => {
    expect(shouldPublish({ ...current, logLoss: 0.0304 }, current)).toEqual({
      publish: false,
      failed: ['log_loss'],
    });
    expect(shouldPublish({ ...current, auc: 0.74 }, current)).toEqual({ publish: false, failed: ['auc'] });
  });

  it('refuses a miscalibrated candidate, unless the model in use is off further on the same hold-out', () => {
    expect(shouldPublish({ ...current, calibrationRatio: 1.4 }, current).failed).toEqual(['calibration']);
    expect(shouldPublish({ ...current, calibrationRatio: 0.7 }, current).failed).toEqual(['calibration']);
    expect(
      shouldPublish({ ...current, calibrationRatio: 1.4 }, { ...current, calibrationRatio: 1.6 }).publish,
    ).toBe(true);
  });

  it('publishes a first model that is sanely calibrated, never one without a hold-out', () => {
    expect(shouldPublish(current, null).publish).toBe(true);
    expect(shouldPublish({ ...current, calibrationRatio: 2 }, null).failed).toEqual(['calibration']);
    expect(shouldPublish({ ...current, examples: 0, positives: 0 }, null)).toEqual({
      publish: false,
      failed: ['empty_holdout'],
    });
  });

  it('without a positive in the hold-out, refuses a mean prediction above what the rate can be (3 in n)', () => {
    const negatives = { ...current, examples: 300, positives: 0, auc: null, calibrationRatio: null };
    // At most 3 in 300: a mean of 1% is within, 1.5% not (the 1.25 factor), a third far off.
    expect(shouldPublish({ ...negatives, meanPrediction: 0.01 }, null).publish).toBe(true);
    expect(shouldPublish({ ...negatives, meanPrediction: 0.0126 }, null).failed).toEqual(['calibration']);
    expect(shouldPublish({ ...negatives, meanPrediction: 0.33 }, null).failed).toEqual(['calibration']);
    // As off as the model in use on the same hour: not held back for it.
    expect(
      shouldPublish({ ...negatives, meanPrediction: 0.02 }, { ...negatives, meanPrediction: 0.03 }).publish,
    ).toBe(true);
  });

  it('judges AUC only where both hold-outs have it', () => {
    expect(shouldPublish({ ...current, auc: null }, current).publish).toBe(true);
  });
});
