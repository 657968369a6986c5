import { describe, expect, it } from 'vitest';
import { areaUnderCurve } from './auc';
import { calibration } from './calibration';
import { logLoss } from './log-loss';
import { modelQuality } from './quality';

describe('areaUnderCurve', () => {
  it('is 1 for a perfect ranking, 0 for a reversed one, 1/2 when every prediction ties', () => {
    const labels = [0, 0, 1, 1];
    expect(areaUnderCurve({ predictions: [0.1, 0.2, 0.3, 0.4], labels })).toBe(1);
    expect(areaUnderCurve({ predictions: [0.4, 0.3, 0.2, 0.1], labels })).toBe(0);
    expect(areaUnderCurve({ predictions: [0.2, 0.2, 0.2, 0.2], labels })).toBe(0.5);
  });

  it('counts the pairs a positive wins, a tie as half', () => {
    // Positives 0.35 and 0.8 against negatives 0.1 and 0.4: 3 of 4 pairs.
    expect(areaUnderCurve({ predictions: [0.1, 0.4, 0.35, 0.8], labels: [0, 0, 1, 1] })).toBe(0.75);
    // Positive 0.5 ties negative 0.5 and beats 0.2: (1 + 0.5) / 2.
    expect(areaUnderCurve({ predictions: [0.2, 0.5, 0.5], labels: [0, 0, 1] })).toBe(0.75);
  });

  it('is null without both classes', () => {
    expect(areaUnderCurve({ predictions: [0.1, 0.2], labels: [0, 0] })).toBeNull();
    expect(areaUnderCurve({ predictions: [], labels: [] })).toBeNull();
  });

  it('refuses predictions and labels of different lengths', () => {
    expect(() => areaUnderCurve({ predictions: [0.1], labels: [0, 1] })).toThrow(RangeError);
  });
});

describe('logLoss', () => {
  it('is the mean negative log-likelihood, finite for a confident miss', () => {
    expect(logLoss({ predictions: [0.5, 0.5], labels: [0, 1] })).toBeCloseTo(Math.LN2, 12);
    expect(logLoss({ predictions: [0.8, 0.1], labels: [1, 0] })).toBeCloseTo(
      -(Math.log(0.8) + Math.log(0.9)) / 2,
      12,
    );
    expect(logLoss({ predictions: [0], labels: [1] })).toBeCloseTo(-Math.log(1e-15), 6);
  });
});

describe('calibration', () => {
  it('compares the mean prediction with the rate in bins of equal counts', () => {
    const { bins, expectedCalibrationError } = calibration(
      { predictions: [0.1, 0.1, 0.3, 0.3, 0.9, 0.7], labels: [0, 0, 1, 0, 1, 1] },
      3,
    );
    expect(bins).toEqual([
      { examples: 2, meanPrediction: 0.1, positiveRate: 0 },
      { examples: 2, meanPrediction: 0.3, positiveRate: 0.5 },
      { examples: 2, meanPrediction: 0.8, positiveRate: 1 },
    ]);
    expect(expectedCalibrationError).toBeCloseTo((0.1 + 0.2 + 0.2) / 3, 12);
  });

  it('is perfect when each bin happens as predicted', () => {
    const predictions = [0.25, 0.25, 0.25, 0.25, 0.75, 0.75, 0.75, 0.75];
    const labels = [1, 0, 0, 0, 1, 1, 0, 1];
    expect(calibration({ predictions, labels }, 2).expectedCalibrationError).toBe(0);
  });
});

describe('modelQuality', () => {
  it('gathers the measures and the ratio of predicted to actual positives', () => {
    const quality = modelQuality({ predictions: [0.1, 0.2, 0.3, 0.4], labels: [0, 0, 1, 0] }, 2);
    expect(quality).toMatchObject({ examples: 4, positives: 1, auc: 2 / 3 });
    expect(quality.calibrationRatio).toBeCloseTo(1, 12);
    expect(quality.calibrationBins).toHaveLength(2);
    expect(modelQuality({ predictions: [0.1], labels: [0] }).calibrationRatio).toBeNull();
  });
});
