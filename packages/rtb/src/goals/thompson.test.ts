import { describe, expect, it } from 'vitest';
import { seeded } from '../test-helpers';
import { sampleBeta, sampleGamma } from './random-variates';
import { betaPrior, thompsonPick } from './thompson';

function moments(draw: () => number, count: number) {
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < count; i += 1) {
    const value = draw();
    sum += value;
    squares += value * value;
  }
  const mean = sum / count;
  return { mean, variance: squares / count - mean * mean };
}

describe('sampleGamma and sampleBeta', () => {
  it('draw gammas of the shape asked for: mean and variance both the shape', () => {
    const random = seeded(11);
    for (const shape of [0.3, 1, 4.5]) {
      const { mean, variance } = moments(() => sampleGamma(shape, random), 50_000);
      expect(Math.abs(mean - shape) / shape).toBeLessThan(0.03);
      expect(Math.abs(variance - shape) / shape).toBeLessThan(0.06);
    }
  });

  it('draw betas with mean a / (a + b) and the beta variance', () => {
    const random = seeded(12);
    const [a, b] = [3, 12];
    const { mean, variance } = moments(() => sampleBeta(a, b, random), 50_000);
    expect(mean).toBeCloseTo(a / (a + b), 2);
    expect(variance).toBeCloseTo((a * b) / ((a + b) ** 2 * (a + b + 1)), 3);
  });

  it('refuse a shape that is not positive', () => {
    expect(() => sampleGamma(0, seeded(1))).toThrow(RangeError);
  });
});

describe('thompsonPick', () => {
  const arm = (successes: number, trials: number) => ({ successes, trials });
  const prior = betaPrior(0.002, 500);
  const picks = (arms: { successes: number; trials: number }[], seed: number, rounds = 5_000) => {
    const random = seeded(seed);
    const counts = new Array<number>(arms.length).fill(0);
    for (let round = 0; round < rounds; round += 1) {
      const picked = thompsonPick(arms, prior, random);
      counts[picked] = (counts[picked] ?? 0) + 1;
    }
    return counts;
  };

  it('picks a clearly better arm nearly always', () => {
    const [better, worse] = picks([arm(60, 10_000), arm(10, 10_000)], 3);
    expect(better).toBeGreaterThan(4_950);
    expect(worse).toBeLessThan(50);
  });

  it('still tries an arm it knows nothing of (exploration), and splits evenly between equals', () => {
    // The known arm's 0.3 % beats the prior's 0.2 %, but the new arm's rate could be anything.
    const [known, fresh] = picks([arm(30, 10_000), arm(0, 0)], 4);
    expect(fresh).toBeGreaterThan(500);
    expect(known).toBeGreaterThan(3_000);
    const equals = picks([arm(20, 10_000), arm(20, 10_000)], 5);
    expect(Math.abs((equals[0] ?? 0) - 2_500)).toBeLessThan(200);
  });

  it('draws the same for the same random source, and nothing without arms', () => {
    const arms = [arm(3, 900), arm(4, 1_100), arm(1, 300)];
    expect(picks(arms, 9, 200)).toEqual(picks(arms, 9, 200));
    expect(thompsonPick([], prior, seeded(1))).toBe(-1);
  });
});

describe('betaPrior', () => {
  it('puts the mean rate at the strength given', () => {
    expect(betaPrior(0.01, 1_000)).toEqual({ alpha: 10, beta: 990 });
    expect(() => betaPrior(0, 100)).toThrow(RangeError);
    expect(() => betaPrior(0.5, 0)).toThrow(RangeError);
  });
});
