import { describe, expect, it } from 'vitest';
import { initialPacing } from './pacing';
import { pacingMultiplier, pacingPriceShare } from './price-pacing';

describe('pacingMultiplier', () => {
  it('is the room over the buffer, from 0 (nothing left) to 1 (the full target)', () => {
    expect(pacingMultiplier(250, 1_000)).toBe(0.25);
    expect(pacingMultiplier(0, 1_000)).toBe(0);
    expect(pacingMultiplier(-40, 1_000)).toBe(0);
    expect(pacingMultiplier(1_000, 1_000)).toBe(1);
    expect(pacingMultiplier(5_000, 1_000)).toBe(1);
    expect(() => pacingMultiplier(10, 0)).toThrow(RangeError);
  });

  it('settles a campaign that could spend twice its allowance at half its target, spending it all', () => {
    // An allowance of 1 an auction; the campaign spends 2 x the multiplier in each it can afford.
    let spent = 0;
    let multiplier = 1;
    const multipliers: number[] = [];
    for (let auction = 1; auction <= 20_000; auction += 1) {
      const room = auction - spent;
      multiplier = pacingMultiplier(room, 100);
      if (2 * multiplier <= room) spent += 2 * multiplier;
      multipliers.push(multiplier);
    }
    const furthest = Math.max(...multipliers.slice(10_000).map((late) => Math.abs(late - 0.5)));
    expect(furthest).toBeLessThan(1e-6);
    expect(spent).toBeGreaterThan(20_000 - 100);
    expect(spent).toBeLessThanOrEqual(20_000);
  });
});

describe('pacingPriceShare', () => {
  const state = (progress: number, spentMicros: number) => ({
    ...initialPacing(),
    updatedAtMs: 1,
    progress,
    spentMicros,
  });
  it('bids the full value behind the curve, less ahead of it, nothing a horizon ahead', () => {
    // A budget of 1,000,000: at half the day the curve is at 500,000 and aims 10,000 further.
    expect(pacingPriceShare(state(0.5, 400_000), 1_000_000)).toBe(1);
    expect(pacingPriceShare(state(0.5, 505_000), 1_000_000)).toBeCloseTo(0.5, 9);
    expect(pacingPriceShare(state(0.5, 510_000), 1_000_000)).toBe(0);
    expect(pacingPriceShare(state(1, 1_000_000), 1_000_000)).toBe(0);
  });

  it('bids the full value before the first measurement', () => {
    expect(pacingPriceShare(initialPacing(), 1_000_000)).toBe(1);
  });
});
