import { describe, expect, it } from 'vitest';
import type { BidRequestFacts, CurrencyRates } from '../types';
import { type ForecastCampaign, forecastCampaign, winRate } from './forecast';
import { type RequestSample, sampleOfRequest } from './sample';

/** PLN is the base currency; 1 USD = 4 PLN. */
const rates: CurrencyRates = new Map([['USD', 400_000_000n]]);
/** Monday 8 June 2026, 12:00 in Warsaw: hour of the week 12. */
const seenAt = new Date('2026-06-08T10:00:00Z');
const now = new Date('2026-06-10T12:00:00Z');

function sample(overrides: Partial<RequestSample> = {}): RequestSample {
  return {
    seenAt,
    auctionType: 2,
    imps: [{ sizes: ['300x250'], floorMicros: 0, floorCurrency: 'PLN' }],
    currencies: ['PLN'],
    country: 'PL',
    deviceType: 'desktop',
    os: 'windows',
    domain: 'shop.test',
    categories: [],
    blockedCategories: [],
    blockedAdvertiserDomains: [],
    userHash: null,
    ...overrides,
  };
}

/**
 * The known sample: five requests of one day that stand for 500 (100 each).
 * With the campaign below the net bid is 3,000 micro-PLN per impression (4 PLN CPM less 25 %).
 */
const samples: RequestSample[] = [
  // A: no floor, second price: won at 50 %, clears at 1,500 net = 2,000 gross.
  sample({ userHash: 'u1', domain: 'news.example.com' }),
  // B: floor 1,000 (a third of the bid), first price: 0.1 + 0.2 x 2 = 50 %, at our 3,000 net = 4,000 gross.
  sample({
    userHash: 'u1',
    auctionType: 1,
    deviceType: 'mobile',
    imps: [{ sizes: ['300x250'], floorMicros: 1000, floorCurrency: 'PLN' }],
  }),
  // C: a size the campaign has no banner of.
  sample({ userHash: 'u3', imps: [{ sizes: ['728x90'], floorMicros: 0, floorCurrency: 'PLN' }] }),
  // D: floor above the bid: targeted, never won.
  sample({
    userHash: 'u2',
    country: 'DE',
    imps: [{ sizes: ['300x250'], floorMicros: 4000, floorCurrency: 'PLN' }],
  }),
  // E: floor 0.5 mUSD = 2,000 micro-PLN: 0.1 + 0.2 x 0.5 = 20 %, clears at 2,500 net = 3,334 gross; no user id.
  sample({ imps: [{ sizes: ['300x250'], floorMicros: 500, floorCurrency: 'USD' }] }),
];
const days = [{ day: '2026-06-08', requests: 500, sampled: 5 }];

function campaign(overrides: Partial<ForecastCampaign> = {}): ForecastCampaign {
  return {
    currency: 'PLN',
    timeZone: 'Europe/Warsaw',
    hoursOfWeek: null,
    maxCpmMicros: 4_000_000,
    dailyBudgetMicros: null,
    frequencyCap: null,
    countries: [],
    deviceTypes: [],
    operatingSystems: [],
    includeDomains: [],
    excludeDomains: [],
    excludedCategories: [],
    sizes: ['300x250'],
    audienceMembers: null,
    marginBps: 2000,
    commissionBps: 500,
    advertiserDomain: 'shop.pl',
    categories: ['IAB22'],
    ...overrides,
  };
}

const forecast = (overrides: Partial<ForecastCampaign> = {}, rows = samples, sampleDays = days) =>
  forecastCampaign({
    campaign: campaign(overrides),
    samples: rows,
    days: sampleDays,
    rates,
    baseCurrency: 'PLN',
    now,
  });

describe('winRate', () => {
  it('is 10 % at the floor, 20 points more per floor above it, at most 50 %; 50 % without a floor', () => {
    expect(winRate(1000, 1000)).toBeCloseTo(0.1);
    expect(winRate(2000, 1000)).toBeCloseTo(0.3);
    expect(winRate(9000, 1000)).toBe(0.5);
    expect(winRate(999, 1000)).toBe(0);
    expect(winRate(1000, 0)).toBe(0.5);
  });
});

describe('forecastCampaign against a known sample', () => {
  it('counts targeted requests, expected wins, reach and spend per day', () => {
    expect(forecast()).toEqual({
      // A, B, D, E x 100.
      perDay: {
        requests: 400,
        // (0.5 + 0.5 + 0 + 0.2) x 100
        impressions: 120,
        // u1: 1 - 0.5 x 0.5 = 0.75; u2: 0; E: 0.2 -> 0.95 x 100
        reach: 95,
        // (0.5 x 2,000 + 0.5 x 4,000 + 0.2 x 3,334) x 100
        spendMicros: 366_680,
      },
      warnings: [],
      sample: { rows: 5, days: 1 },
    });
  });

  it("applies the bidder's targeting: countries, devices, domains and hours of the week", () => {
    expect(forecast({ countries: ['DE'] })).toEqual({
      perDay: { requests: 100, impressions: 0, reach: 0, spendMicros: 0 },
      warnings: ['bid_under_floors'],
      sample: { rows: 5, days: 1 },
    });
    expect(forecast({ deviceTypes: ['mobile'] }).perDay).toEqual({
      requests: 100,
      impressions: 50,
      reach: 50,
      spendMicros: 200_000,
    });
    // A is on news.example.com: a subdomain of the excluded domain.
    expect(forecast({ excludeDomains: ['example.com'] }).perDay).toEqual({
      requests: 300,
      impressions: 70,
      reach: 70,
      spendMicros: 266_680,
    });
    expect(forecast({ hoursOfWeek: [12] }).perDay.requests).toBe(400);
    expect(forecast({ hoursOfWeek: [13] }).warnings).toEqual(['no_matching_traffic']);
  });

  it('serves every size of the sample when no banner is chosen', () => {
    // C joins: no floor, 50 % at 2,000 gross, its own user.
    expect(forecast({ sizes: null }).perDay).toEqual({
      requests: 500,
      impressions: 170,
      reach: 145,
      spendMicros: 466_680,
    });
  });

  it('says when nothing matches', () => {
    expect(forecast({ countries: ['FR'] })).toEqual({
      perDay: { requests: 0, impressions: 0, reach: 0, spendMicros: 0 },
      warnings: ['no_matching_traffic'],
      sample: { rows: 5, days: 1 },
    });
  });

  it('warns when the bid is under the median floor of the targeted requests', () => {
    // Net bid 750 micro-PLN: floors 0, 1,000, 2,000, 4,000 have the median 1,500.
    const low = forecast({ maxCpmMicros: 1_000_000 });
    expect(low.warnings).toContain('bid_under_floors');
    // Only A (no floor) is won: 0.5 x 100 impressions at (0 + 750) / 2 = 375 net, 500 gross.
    expect(low.perDay).toEqual({ requests: 400, impressions: 50, reach: 50, spendMicros: 25_000 });
  });

  it('caps spend at the daily budget, impressions and reach in proportion', () => {
    expect(forecast({ dailyBudgetMicros: 100_000 }).perDay).toEqual({
      requests: 400,
      impressions: Math.round((120 * 100_000) / 366_680),
      reach: Math.round((95 * 100_000) / 366_680),
      spendMicros: 100_000,
    });
  });

  it('caps impressions at reach x the frequency cap per day', () => {
    expect(forecast({ frequencyCap: { count: 1, period: 'day' } }).perDay).toEqual({
      requests: 400,
      impressions: 95,
      reach: 95,
      spendMicros: Math.round((366_680 * 95) / 120),
    });
    expect(forecast({ frequencyCap: { count: 1, period: 'hour' } }).perDay.impressions).toBe(120);
  });

  it('scales by the share of an included audience among the users and warns under 100 members', () => {
    // 4 users in the sample (u1, u2, u3, E's) x 100 = 400 a day; 50 members: 1/8.
    expect(forecast({ audienceMembers: 50 })).toEqual({
      perDay: { requests: 50, impressions: 15, reach: 12, spendMicros: Math.round(366_680 / 8) },
      warnings: ['audience_too_small'],
      sample: { rows: 5, days: 1 },
    });
    expect(forecast({ audienceMembers: 4000 }).perDay.impressions).toBe(120);
  });

  it('warns when the reach per day is tiny', () => {
    const tiny = [sample({ userHash: 'u1' })];
    const result = forecast({}, tiny, [{ day: '2026-06-08', requests: 4, sampled: 1 }]);
    expect(result.perDay).toEqual({ requests: 4, impressions: 2, reach: 2, spendMicros: 4_000 });
    expect(result.warnings).toEqual(['audience_too_small']);
  });

  it('averages the days, today counting for the part gone by', () => {
    const todays = samples.map((row) => ({ ...row, seenAt: new Date('2026-06-10T06:00:00Z') }));
    const result = forecast(
      {},
      [...samples, ...todays],
      [...days, { day: '2026-06-10', requests: 250, sampled: 5 }],
    );
    // 400 + 200 targeted over 1.5 days.
    expect(result.perDay.requests).toBe(400);
    expect(result.perDay.impressions).toBe(Math.round((120 + 60) / 1.5));
    expect(result.sample).toEqual({ rows: 10, days: 2 });
  });

  it('scales each row to one request at least when the day was not counted', () => {
    expect(forecast({}, samples, []).perDay.requests).toBe(4);
  });

  it('has nothing to say without a sample', () => {
    expect(forecast({}, [], [])).toEqual({
      perDay: { requests: 0, impressions: 0, reach: 0, spendMicros: 0 },
      warnings: [],
      sample: { rows: 0, days: 0 },
    });
  });
});

describe('sampleOfRequest', () => {
  const request = (overrides: Partial<BidRequestFacts> = {}): BidRequestFacts => ({
    id: 'r',
    auctionType: 1,
    tmaxMs: 100,
    test: false,
    currencies: ['EUR'],
    blockedCategories: Array.from({ length: 40 }, (_, i) => `IAB${i}`),
    blockedAdvertiserDomains: [],
    inventory: {
      kind: 'site',
      domain: 'news.example',
      reportName: 'news.example',
      categories: ['IAB12'],
      page: null,
    },
    device: { type: 'mobile', os: 'ios', country: 'PL', ua: 'x', utcOffsetMinutes: 60 },
    user: { id: 'buyer-1', personalDataAllowed: true },
    imps: Array.from({ length: 12 }, (_, i) => ({
      id: String(i),
      sizes: [{ w: 300, h: 250 }],
      floorMicros: 1200,
      floorCurrency: 'EUR',
      secure: true,
      position: 1,
    })),
    ...overrides,
  });

  it('keeps the facts targeting reads, bounded, with the user hashed', () => {
    const row = sampleOfRequest(request(), seenAt, (id) => `h(${id})`);
    expect(row).toMatchObject({
      seenAt,
      auctionType: 1,
      currencies: ['EUR'],
      country: 'PL',
      deviceType: 'mobile',
      os: 'ios',
      domain: 'news.example',
      categories: ['IAB12'],
      userHash: 'h(buyer-1)',
    });
    expect(row.imps).toHaveLength(10);
    expect(row.imps[0]).toEqual({ sizes: ['300x250'], floorMicros: 1200, floorCurrency: 'EUR' });
    expect(row.blockedCategories).toHaveLength(30);
  });

  it('keeps no user when personal data may not be used', () => {
    const row = sampleOfRequest(
      request({ user: { id: 'x:1', personalDataAllowed: false } }),
      seenAt,
      (id) => id,
    );
    expect(row.userHash).toBeNull();
  });
});
