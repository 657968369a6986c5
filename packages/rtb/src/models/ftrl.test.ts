import { describe, expect, it } from 'vitest';
import { seeded } from '../test-helpers';
import { biasIndex } from './dimension';
import { FtrlProximal } from './ftrl';
import { logLoss } from './log-loss';
import { sigmoid } from './sigmoid';
import { predictProbability } from './snapshot';

const BITS = 10;
const BIAS = -1.5;
/** The generating model: 20 binary features (indices 0..19), some of them irrelevant (0). */
const TRUE_WEIGHTS = [
  1.2, -0.8, 0.5, 0, -1.4, 0.9, 0, 0.3, -0.3, 1.5, 0, -0.6, 0.7, -1.1, 0, 0.2, -0.2, 1, 0, -0.9,
];

interface Example {
  indices: number[];
  positive: boolean;
  /** The generating model's probability. */
  probability: number;
}

/** Each feature present with probability 1/4, the label drawn from the logistic model. */
function examples(count: number, seed: number): Example[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    const indices = [biasIndex(BITS)];
    let margin = BIAS;
    TRUE_WEIGHTS.forEach((weight, feature) => {
      if (random() < 0.25) {
        indices.push(feature);
        margin += weight;
      }
    });
    const probability = sigmoid(margin);
    return { indices, probability, positive: random() < probability };
  });
}

function train(settings: { l1: number; l2: number }, count = 200_000) {
  const model = new FtrlProximal({ bits: BITS, alpha: 0.15, beta: 1, ...settings });
  for (const { indices, positive } of examples(count, 7)) model.update(indices, positive);
  return model;
}

describe('FtrlProximal', () => {
  it('recovers the weights of the logistic model the data came from', () => {
    const model = train({ l1: 0, l2: 0 });
    expect(Math.abs(model.weight(biasIndex(BITS)) - BIAS)).toBeLessThan(0.05);
    const errors = TRUE_WEIGHTS.map((weight, feature) => Math.abs(model.weight(feature) - weight));
    for (const error of errors) expect(error).toBeLessThan(0.1);
    expect(errors.reduce((sum, error) => sum + error) / errors.length).toBeLessThan(0.04);
    // On fresh data it is as good as the true model, within a thousandth of its log loss.
    const test = examples(50_000, 8);
    const labels = test.map((example) => (example.positive ? 1 : 0));
    const learned = logLoss({ predictions: test.map((example) => model.predict(example.indices)), labels });
    const truth = logLoss({ predictions: test.map((example) => example.probability), labels });
    expect(learned - truth).toBeLessThan(0.001);
  });

  it('leaves the weights of irrelevant features at exactly zero with L1, and keeps the rest', () => {
    // l1 against the summed gradients of 50 k examples: their noise is about 100.
    const model = train({ l1: 600, l2: 1 });
    TRUE_WEIGHTS.forEach((weight, feature) => {
      if (weight === 0) expect(model.weight(feature)).toBe(0);
      else expect(Math.abs(model.weight(feature) - weight)).toBeLessThan(0.15);
    });
    // Buckets no example touched stay at zero.
    expect(model.weight(500)).toBe(0);
  });

  it('returns what it predicted before learning an example', () => {
    const model = new FtrlProximal({ bits: BITS, l1: 0 });
    const indices = [3, biasIndex(BITS)];
    expect(model.update(indices, true)).toBe(0.5);
    expect(model.predict(indices)).toBeGreaterThan(0.5);
  });

  it('scores the same through its snapshot, to single precision', () => {
    const model = train({ l1: 1, l2: 1 }, 5_000);
    const snapshot = model.snapshot(3);
    expect(snapshot.version).toBe(3);
    for (const { indices } of examples(100, 9))
      expect(predictProbability(snapshot, indices)).toBeCloseTo(model.predict(indices), 6);
  });

  it('refuses settings it cannot learn with', () => {
    expect(() => new FtrlProximal({ bits: 4 })).toThrow(RangeError);
    expect(() => new FtrlProximal({ bits: BITS, alpha: 0 })).toThrow(RangeError);
    expect(() => new FtrlProximal({ bits: BITS, l1: -1 })).toThrow(RangeError);
  });
});
