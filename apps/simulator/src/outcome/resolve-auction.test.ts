import { describe, expect, it } from 'vitest';
import type { AuctionType } from '../auction';
import { floorIn } from '../floor';
import { convert } from '../inventory';
import { ceilMicros, roundMicros } from './micros';
import type { OutcomeOpportunity } from './types';
import { createOutcomeWorld } from './world';

const opportunitiesOf = (auction: AuctionType | undefined, count: number) => {
  const world = createOutcomeWorld(31, { auction });
  return { world, opportunities: Array.from({ length: count }, () => world.next()) };
};

/** The rival's bid and the floor in the bid's currency, as the exchange compares them (whole micro-units). */
const thresholdsOf = ({ request, truth }: OutcomeOpportunity, currency: string) => {
  const rivalUsd = truth.competition.highestUsd;
  return {
    rival: rivalUsd === null ? 0 : roundMicros(convert(rivalUsd, 'USD', currency) ?? 0),
    floor: ceilMicros(floorIn(request, currency)),
  };
};

describe("the outcome world's auctions", () => {
  it('first price: the winner pays its bid (the rival too; nobody wins when the floor is above both)', () => {
    const { world, opportunities } = opportunitiesOf('first', 500);
    let wins = 0;
    for (const opportunity of opportunities) {
      const outcome = world.auction(opportunity, 4.5, 'PLN');
      const { rival, floor } = thresholdsOf(opportunity, 'PLN');
      if (outcome.won) {
        wins += 1;
        expect(outcome.clearingPrice).toBe(4.5);
      } else expect(outcome.clearingPrice).toBe(rival > 4.5 && rival >= floor ? rival : null);
    }
    expect(wins).toBeGreaterThan(100);
    expect(wins).toBeLessThan(500);
  });

  it('second price: the winner pays the higher of the rival and the floor, plus a cent, at most its bid', () => {
    const { world, opportunities } = opportunitiesOf('second', 500);
    let wins = 0;
    for (const opportunity of opportunities) {
      const outcome = world.auction(opportunity, 4.5, 'PLN');
      if (!outcome.won) continue;
      wins += 1;
      const { rival, floor } = thresholdsOf(opportunity, 'PLN');
      expect(outcome.clearingPrice).toBe(
        Math.min(4.5, Math.round((Math.max(rival, floor) + 0.01) * 100) / 100),
      );
    }
    expect(wins).toBeGreaterThan(100);
  });

  it('tells the minimum bid to win where the exchange does: bidding it wins, a micro-unit less loses', () => {
    const { world, opportunities } = opportunitiesOf(undefined, 2000);
    const told = new Map<boolean, number>();
    const reasons = new Set<number>();
    for (const opportunity of opportunities) {
      const currency = opportunity.request.cur[0] ?? 'USD';
      const outcome = world.auction(opportunity, 0.3, currency);
      if (outcome.won) continue;
      reasons.add(outcome.lossReason);
      const { rival, floor } = thresholdsOf(opportunity, currency);
      expect(outcome.lossReason).toBe(0.3 < floor ? 100 : 102);
      told.set(opportunity.truth.tellsMinToWin, (told.get(opportunity.truth.tellsMinToWin) ?? 0) + 1);
      if (!opportunity.truth.tellsMinToWin) {
        expect(outcome.minToWin).toBeUndefined();
        continue;
      }
      const minToWin = outcome.minToWin ?? Number.NaN;
      expect(minToWin).toBe(Math.max(rival, floor));
      expect(world.auction(opportunity, minToWin, currency).won).toBe(true);
      expect(world.auction(opportunity, roundMicros(minToWin - 1e-6), currency).won).toBe(false);
    }
    expect(told.get(true)).toBeGreaterThan(300);
    expect(told.get(false)).toBeGreaterThan(100);
    expect([...reasons].sort()).toEqual([100, 102]);
  });

  it("draws the rivals' highest bid from its segment's log-normal, and sometimes none", () => {
    const { opportunities } = opportunitiesOf(undefined, 10_000);
    const none = opportunities.filter((o) => o.truth.competition.highestUsd === null).length;
    const pNone = opportunities[0]?.truth.competition.pNone ?? 0;
    const sd = Math.sqrt(opportunities.length * pNone * (1 - pNone));
    expect(Math.abs(none - opportunities.length * pNone)).toBeLessThan(4 * sd);
    // Standardised, every segment's log-bids are N(0, 1).
    const z = opportunities.flatMap(({ truth: { competition: c } }) =>
      c.highestUsd === null ? [] : [(Math.log(c.highestUsd) - c.mu) / c.sigma],
    );
    const mean = z.reduce((sum, v) => sum + v, 0) / z.length;
    const variance = z.reduce((sum, v) => sum + (v - mean) ** 2, 0) / z.length;
    expect(Math.abs(mean)).toBeLessThan(4 / Math.sqrt(z.length));
    expect(variance).toBeCloseTo(1, 1);
    expect(z.filter((v) => v < 0).length / z.length).toBeCloseTo(0.5, 1);
    // The segments differ: their medians spread over a wide range.
    const medians = opportunities.map((o) => Math.exp(o.truth.competition.mu));
    expect(Math.max(...medians) / Math.min(...medians)).toBeGreaterThan(4);
  });
});
