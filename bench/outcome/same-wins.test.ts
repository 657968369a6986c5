import { describe, expect, it } from 'vitest';
import { sameWinsRun } from './same-wins';

/** Auctions each won from its own price up: a run at m wins those whose threshold / value is at most m. */
function market(thresholds: readonly number[]) {
  const multipliers: number[] = [];
  const run = (multiplier: number) => {
    multipliers.push(multiplier);
    return { wins: thresholds.filter((threshold) => threshold <= multiplier).length, multiplier };
  };
  return { run, multipliers };
}

describe('sameWinsRun', () => {
  it('finds the multiplier that wins as many auctions, by halving, starting at the full values', () => {
    const thresholds = Array.from({ length: 1000 }, (_, i) => (i + 0.5) / 1000);
    const { run, multipliers } = market(thresholds);
    const found = sameWinsRun(run, 250);
    expect(found.result.wins).toBe(250);
    expect(found.multiplier).toBeGreaterThanOrEqual(0.2495);
    expect(found.multiplier).toBeLessThan(0.2505);
    expect(multipliers.slice(0, 3)).toEqual([1, 0.5, 0.25]);
    expect(found.runs).toBe(multipliers.length);
    expect(found.runs).toBeLessThan(15);
  });

  it('takes the full values when even they win no more than the target', () => {
    const { run, multipliers } = market([0.2, 0.9, 1.5]);
    expect(sameWinsRun(run, 2)).toMatchObject({ multiplier: 1, runs: 1, result: { wins: 2 } });
    expect(sameWinsRun(run, 3)).toMatchObject({ multiplier: 1, result: { wins: 2 } });
    expect(multipliers).toEqual([1, 1]);
  });

  it('settles on the closest run, the one winning more on a tie, when no multiplier wins exactly as many', () => {
    // Two auctions won from the same price: 1 or 3 wins, never 2.
    const { run } = market([0.1, 0.3, 0.3, 0.8]);
    const found = sameWinsRun(run, 2, 30);
    expect(found.result.wins).toBe(3);
    expect(found.multiplier).toBeGreaterThanOrEqual(0.3);
    expect(found.runs).toBe(30);
    expect(sameWinsRun(run, 2, 3).runs).toBe(3);
  });
});
