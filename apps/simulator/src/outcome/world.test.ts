import { describe, expect, it } from 'vitest';
import type { OutcomeOpportunity } from './types';
import { createOutcomeWorld } from './world';

const streamOf = (seed: number, count: number, stepMs?: number) => {
  const world = createOutcomeWorld(seed, { stepMs });
  return Array.from({ length: count }, () => world.next());
};

const ad = (campaignId: string) => ({
  campaignId,
  creativeId: `c${campaignId}`,
  clearingPrice: 2,
  currency: 'PLN',
});

describe('the outcome world', () => {
  it('gives the same opportunities and hidden truth for the same seed, and others for another', () => {
    const one = streamOf(17, 1000);
    expect(one).toEqual(streamOf(17, 1000));
    const other = streamOf(18, 1000);
    expect(other.map((o) => o.truth)).not.toEqual(one.map((o) => o.truth));
    expect(other.map((o) => o.request.id)).not.toEqual(one.map((o) => o.request.id));
  });

  it("draws each opportunity's responses from a stream of its own: served in any order, the same", () => {
    const responses = (order: (list: OutcomeOpportunity[]) => OutcomeOpportunity[]) => {
      const world = createOutcomeWorld(5, { ctr: 0.2, cvr: 0.3, propensity: 0.05 });
      const opportunities = Array.from({ length: 500 }, () => world.next());
      const served = new Map(
        order(opportunities).map((o) => [o.request.id, world.engage(o, ad('7'))] as const),
      );
      return opportunities.map((o) => served.get(o.request.id));
    };
    const forwards = responses((list) => list);
    expect(forwards.filter((r) => r?.clicks).length).toBeGreaterThan(50);
    expect(responses((list) => [...list].reverse())).toEqual(forwards);
  });

  it('sends each request from an exchange of its supply chain, at its auction type unless one is set', () => {
    const types = new Map<string, Set<number>>();
    for (const { request, truth } of streamOf(3, 1500)) {
      const exchange = request.source.schain?.nodes[0]?.asi ?? '';
      types.set(exchange, (types.get(exchange) ?? new Set()).add(request.at));
      expect(request.at).toBe(truth.auction === 'first' ? 1 : 2);
      expect(truth.context.exchange).toBe(exchange);
    }
    expect(Object.fromEntries([...types].map(([exchange, at]) => [exchange, [...at]]))).toEqual({
      'exchange-a.example': [1],
      'exchange-b.example': [1],
      'exchange-c.example': [2],
    });
    const world = createOutcomeWorld(3, { auction: 'second' });
    for (let i = 0; i < 300; i++) expect(world.next().request.at).toBe(2);
  });

  it("tells the visitor's shop visits and counts them in the recency of the last product view", () => {
    // Two minutes apart: two weeks.
    const stream = streamOf(9, 10_000, 120_000);
    const visits = stream.filter((o) => o.views.length > 0);
    expect(visits.length).toBeGreaterThan(15);
    for (const { views, user, truth } of visits) {
      expect(user.device.inApp).toBe(false);
      expect(truth.context.recency).toBe('hour');
      for (const product of views) expect(truth.traits.interests).toContain(product.type.split(' > ')[0]);
    }
    const recencies = new Set(stream.map((o) => o.truth.context.recency));
    expect([...recencies].sort()).toEqual(['day', 'hour', 'never', 'older', 'week']);
  });

  it("tells the visitor's UTC offset: the request's time plus it is the visitor's local hour", () => {
    const offsets = new Set<number>();
    for (const { request, truth } of streamOf(6, 3000, 600_000)) {
      const offset = request.device.geo.utcoffset ?? Number.NaN;
      offsets.add(offset);
      const local = new Date(truth.at + offset * 60_000).getUTCHours();
      expect(local).toBe(truth.context.localHour);
    }
    // Winter in Europe and America: Warsaw +1, London 0, New York -5, Los Angeles -8.
    expect([...offsets]).toEqual(expect.arrayContaining([60, 0, -300, -480]));
  });

  it('keeps a visitor the same at every return: interests, propensity, time zone', () => {
    const byUser = new Map<string, OutcomeOpportunity['truth']['traits']>();
    for (const { user, truth } of streamOf(4, 2000)) {
      const first = byUser.get(user.exchangeId) ?? truth.traits;
      byUser.set(user.exchangeId, first);
      expect(truth.traits).toEqual(first);
    }
    expect(byUser.size).toBeGreaterThan(100);
  });

  it('counts per campaign what was drawn beside what the truth expected', () => {
    const world = createOutcomeWorld(8, { ctr: 0.2, cvr: 0.3, propensity: 0.05 });
    let clicks = 0;
    let expectedClicks = 0;
    for (let i = 0; i < 400; i++) {
      const opportunity = world.next();
      if (i % 4 === 3) {
        world.withoutAd(opportunity);
        continue;
      }
      const served = world.engage(opportunity, ad(String(i % 2)));
      if (i % 2 === 0) {
        clicks += served.clicks ? 1 : 0;
        expectedClicks += served.truth.pClick;
      }
    }
    const { campaigns, withoutAds } = world.outcomes();
    expect(campaigns.map((c) => [c.campaignId, c.impressions])).toEqual([
      ['0', 200],
      ['1', 100],
    ]);
    expect(campaigns[0]?.clicks).toBe(clicks);
    expect(campaigns[0]?.expected.clicks).toBeCloseTo(expectedClicks, 9);
    expect(campaigns[0]?.spendPln).toBeCloseTo(200 * 0.002, 9);
    expect(withoutAds.opportunities).toBe(100);
  });
});
