import { describe, expect, it } from 'vitest';
import { shadedBid } from './shaded-bid';
import type { WinRateCurve } from './win-rate-curve';

/** Competing bids spread evenly over 0..top, or W(b) = (b / top)^power. */
const powerCurve = (top: number, power = 1): WinRateCurve => ({
  observations: 10_000,
  winRate: (price) => Math.min(1, Math.max(0, price / top)) ** power,
});

const firstPrice = { auctionType: 1 as const, minWinRate: 0 };

describe('shadedBid', () => {
  it('bids half the value against competing bids spread evenly: the surplus (v - b) b is highest there', () => {
    expect(shadedBid({ ...firstPrice, valueMicros: 1_000_000, curve: powerCurve(2_000_000) })).toBe(500_000);
    expect(shadedBid({ ...firstPrice, valueMicros: 1_501, curve: powerCurve(2_000) })).toBe(750);
  });

  it('finds the optimum of a steeper curve: 2v/3 for W(b) = (b / top)^2', () => {
    const bid = shadedBid({ ...firstPrice, valueMicros: 900_000, curve: powerCurve(1_000_000, 2) });
    expect(bid).toBe(600_000);
  });

  it('bids no lower than what keeps the win rate the campaign needs', () => {
    // Unconstrained 500 000 wins half the time; 60 % needs 600 000.
    const curve = powerCurve(1_000_000);
    expect(shadedBid({ ...firstPrice, valueMicros: 1_000_000, curve, minWinRate: 0.6 })).toBe(600_000);
    expect(shadedBid({ ...firstPrice, valueMicros: 1_000_000, curve, minWinRate: 0.4 })).toBe(500_000);
    // Not even the value wins 60 %: the value, unshaded.
    expect(shadedBid({ ...firstPrice, valueMicros: 500_000, curve, minWinRate: 0.6 })).toBe(500_000);
  });

  it('bids at least the floor', () => {
    const curve = powerCurve(2_000_000);
    expect(shadedBid({ ...firstPrice, valueMicros: 1_000_000, curve, floorMicros: 700_000 })).toBe(700_000);
    expect(shadedBid({ ...firstPrice, valueMicros: 1_000_000, curve, floorMicros: 1_200_000 })).toBe(
      1_000_000,
    );
  });

  it('does not shade a second-price auction, or on a curve of too few outcomes', () => {
    const curve = powerCurve(2_000_000);
    expect(shadedBid({ valueMicros: 1_000_000, curve, auctionType: 2, minWinRate: 0 })).toBe(1_000_000);
    const young = { ...curve, observations: 20 };
    expect(shadedBid({ ...firstPrice, valueMicros: 1_000_000, curve: young })).toBe(1_000_000);
    expect(shadedBid({ ...firstPrice, valueMicros: 1_000_000, curve: young, minObservations: 10 })).toBe(
      500_000,
    );
  });
});
