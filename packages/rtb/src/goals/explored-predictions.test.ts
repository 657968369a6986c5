import { describe, expect, it } from 'vitest';
import { exploredPredictions } from './explored-predictions';

const priors = { clickProbability: 0.004, conversionProbability: 0.02, orderValueMicros: 90_000_000 };
const goal = { kind: 'targetCpc' as const, targetCpcMicros: 1_000_000, ceilingCpmMicros: null };

/** A seeded uniform source (mulberry32): the same draws every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function draws(evidenceImpressions: number, count = 4_000) {
  const random = seeded(7);
  const clicks = Array.from(
    { length: count },
    () => exploredPredictions({ goal, priors, evidenceImpressions }, random).clickProbability,
  );
  const mean = clicks.reduce((sum, p) => sum + p, 0) / count;
  const sd = Math.sqrt(clicks.reduce((sum, p) => sum + (p - mean) ** 2, 0) / count);
  return { mean, sd };
}

describe('exploredPredictions', () => {
  it('draws the click rate around the priors’ mean, widely for a new campaign and narrowly with history', () => {
    const fresh = draws(0);
    const seasoned = draws(990_000);
    expect(fresh.mean).toBeCloseTo(0.004, 4);
    expect(seasoned.mean).toBeCloseTo(0.004, 4);
    // A Beta of 10,000 impressions' worth: sd = sqrt(p(1-p)/n), about 0.00063; of a million, a tenth.
    expect(fresh.sd / Math.sqrt((0.004 * 0.996) / 10_000)).toBeCloseTo(1, 1);
    expect(seasoned.sd / fresh.sd).toBeCloseTo(0.1, 1);
  });

  it('keeps the conversion rate and order value, and a degenerate rate as it is', () => {
    const random = seeded(1);
    const drawn = exploredPredictions({ goal, priors, evidenceImpressions: 0 }, random);
    expect(drawn).toMatchObject({ conversionProbability: 0.02, orderValueMicros: 90_000_000 });
    const none = { ...priors, clickProbability: 0 };
    expect(exploredPredictions({ goal, priors: none, evidenceImpressions: 0 }, random)).toBe(none);
  });
});
