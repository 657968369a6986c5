import { describe, expect, it } from 'vitest';
import { buildCampaignIndex } from './campaign-index';
import { candidatesFor } from './candidates';
import { rankCandidates } from './rank';
import { banner, campaign, context, imp, request } from './test-fixtures';

describe('rankCandidates', () => {
  it('puts the highest price first, comparing bids in different currencies in the base one', () => {
    const index = buildCampaignIndex([
      campaign({ id: 1, maxCpmMicros: 4_000_000 }), // 3,000 PLN micro-units
      campaign({ id: 2, currency: 'EUR', maxCpmMicros: 1_000_000, banners: [banner(200)] }), // 750 EUR = 3,187.5 PLN
      campaign({ id: 3, currency: 'USD', maxCpmMicros: 1_000_000, banners: [banner(300)] }), // 750 USD = 3,000 PLN: level with campaign 1
      campaign({ id: 4, maxCpmMicros: 2_000_000, banners: [banner(400)] }), // 1,500 PLN
    ]);
    // In campaign order, so that each draw below goes to a known candidate.
    const candidates = candidatesFor(
      index,
      request({ currencies: ['PLN', 'EUR', 'USD'] }),
      imp(),
      context(),
    ).sort((a, b) => a.campaign.id - b.campaign.id);
    expect(candidates.map((c) => c.currency)).toEqual(['PLN', 'EUR', 'USD', 'PLN']);
    const ranked = rankCandidates(candidates, () => 0.5);
    expect(ranked.map((c) => c.campaign.id)).toEqual([2, 1, 3, 4]);
    // 750 USD and 3,000 PLN micro-units are level: the draws decide.
    expect(
      rankCandidates(
        candidates,
        (() => {
          const draws = [0.9, 0.5, 0.1, 0.5];
          return () => draws.shift() ?? 0;
        })(),
      ).map((c) => c.campaign.id),
    ).toEqual([2, 3, 1, 4]);
  });

  it('orders equal prices by the random draws, so each of them comes first in turn', () => {
    const index = buildCampaignIndex([1, 2, 3].map((id) => campaign({ id, banners: [banner(id)] })));
    const candidates = candidatesFor(index, request(), imp(), context()).sort(
      (a, b) => a.campaign.id - b.campaign.id,
    );
    const draws = (...values: number[]) => {
      let i = 0;
      return () => values[i++] ?? 0;
    };
    expect(rankCandidates(candidates, draws(0.9, 0.1, 0.5)).map((c) => c.campaign.id)).toEqual([2, 3, 1]);
    expect(rankCandidates(candidates, draws(0.2, 0.7, 0.1)).map((c) => c.campaign.id)).toEqual([3, 1, 2]);
    const firsts = new Set<number>();
    for (let i = 0; i < 200; i++) firsts.add(rankCandidates(candidates, Math.random)[0]?.campaign.id ?? 0);
    expect(firsts).toEqual(new Set([1, 2, 3]));
  });

  it('ranks nothing as nothing', () => {
    expect(rankCandidates([], Math.random)).toEqual([]);
  });
});
