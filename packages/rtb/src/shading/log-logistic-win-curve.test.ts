import { describe, expect, it } from 'vitest';
import { seeded } from '../test-helpers';
import type { AuctionOutcome } from './auction-outcome';
import { initialWinCurveState, LogLogisticWinCurve } from './log-logistic-win-curve';
import { shadedBid } from './shaded-bid';

interface Market {
  /** The competing bids' median (micro-units) and the spread of their logarithm. */
  median: number;
  scale: number;
}

const trueWinRate = (market: Market, price: number) =>
  1 / (1 + Math.exp(-(Math.log(price) - Math.log(market.median)) / market.scale));

/**
 * Auctions against the market at bids spread over 300..2 000; `minToWinShare` of the losses
 * come with the minimum bid to win.
 */
function outcomes(market: Market, count: number, seed: number, minToWinShare: number): AuctionOutcome[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    const u = random();
    const highest = market.median * Math.exp(market.scale * Math.log(u / (1 - u)));
    const bidMicros = 300 + random() * 1_700;
    if (highest < bidMicros) return { kind: 'won', bidMicros };
    return { kind: 'lost', bidMicros, minToWinMicros: random() < minToWinShare ? highest : null };
  });
}

function learn(
  curve: LogLogisticWinCurve,
  market: Market,
  count: number,
  seed: number,
  minToWinShare: number,
) {
  for (const outcome of outcomes(market, count, seed, minToWinShare)) curve.observe(outcome);
  return curve;
}

const market = { median: 800, scale: 0.4 };

describe('LogLogisticWinCurve', () => {
  it('learns the market from wins and losses alone (censored), and with the minimum to win of some losses', () => {
    for (const minToWinShare of [0, 0.5]) {
      const curve = learn(
        new LogLogisticWinCurve(initialWinCurveState(500)),
        market,
        20_000,
        1,
        minToWinShare,
      );
      expect(Math.abs(curve.state.location - Math.log(800))).toBeLessThan(0.04);
      expect(Math.abs(Math.exp(curve.state.logScale) - 0.4)).toBeLessThan(0.04);
      for (const price of [400, 800, 1_500])
        expect(Math.abs(curve.winRate(price) - trueWinRate(market, price))).toBeLessThan(0.03);
      expect(curve.observations).toBe(20_000);
    }
  });

  it('shades to nearly the bid the true market calls for', () => {
    const curve = learn(new LogLogisticWinCurve(initialWinCurveState(500)), market, 20_000, 2, 0.3);
    const truth = { observations: 20_000, winRate: (price: number) => trueWinRate(market, price) };
    const input = { valueMicros: 1_500, auctionType: 1 as const, minWinRate: 0 };
    const best = shadedBid({ ...input, curve: truth });
    expect(best).toBeLessThan(1_200);
    expect(Math.abs(shadedBid({ ...input, curve }) - best)).toBeLessThan(best * 0.03);
  });

  it('follows a market that moves, as fitted to its last few thousand outcomes', () => {
    const curve = learn(new LogLogisticWinCurve(initialWinCurveState(500)), market, 20_000, 3, 0.3);
    learn(curve, { median: 1_200, scale: 0.4 }, 20_000, 4, 0.3);
    expect(Math.abs(curve.state.location - Math.log(1_200))).toBeLessThan(0.03);
  });

  it('goes on from a kept state, and skips outcomes without a price', () => {
    const curve = learn(new LogLogisticWinCurve(initialWinCurveState(500)), market, 1_000, 5, 0);
    const restored = new LogLogisticWinCurve(curve.state);
    restored.observe({ kind: 'won', bidMicros: 0 });
    restored.observe({ kind: 'lost', bidMicros: Number.NaN, minToWinMicros: null });
    expect(restored.state).toEqual(curve.state);
    expect(restored.winRate(900)).toBe(curve.winRate(900));
    expect(() => initialWinCurveState(0)).toThrow(RangeError);
  });
});
