import { advertisers, demoAccounts } from '@rtb/db';
import { recordRequestSamples } from '@rtb/delivery';
import type { RequestSample } from '@rtb/rtb';
import { campaignForecastResponse } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { ago, createAudience, insertTagEvent } from '../../campaigns/audiences/test-helpers';
import { insertBanner } from '../../campaigns/campaigns/test-helpers';

const url = '/api/advertiser/campaigns/forecast';

let t: TestApp;
let advertiser: string;
let shopId: number;
let soloId: number;

const advertiserId = async (name: string) => {
  const [row] = await t.database.db.select().from(advertisers).where(eq(advertisers.name, name));
  return row?.id as number;
};

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  advertiser = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  shopId = await advertiserId('Demo Shop');
  soloId = await advertiserId('Solo Store');
});
afterAll(() => t.close());

const forecast = async (payload: Record<string, unknown>, token = advertiser) => {
  const res = await t.call({ method: 'POST', url, token, payload: { maxCpm: 400, ...payload } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return campaignForecastResponse.parse(res.body).data.forecast;
};

/** Yesterday (UTC), 10:00: a whole day gone by, so it counts as one day. */
const yesterday = new Date(Date.now() - 86_400_000);
const day = yesterday.toISOString().slice(0, 10);
const seenAt = new Date(`${day}T10:00:00Z`);

function sample(overrides: Partial<RequestSample>): RequestSample {
  return {
    seenAt,
    auctionType: 2,
    imps: [{ sizes: ['300x250'], floorMicros: 0, floorCurrency: 'PLN' }],
    currencies: ['PLN'],
    country: 'PL',
    deviceType: 'desktop',
    os: 'windows',
    domain: 'news.example.pl',
    categories: [],
    blockedCategories: [],
    blockedAdvertiserDomains: [],
    userHash: null,
    ...overrides,
  };
}

describe('POST /api/advertiser/campaigns/forecast', () => {
  it('has an empty sample before any bid request was sampled', async () => {
    expect(await forecast({})).toEqual({
      perDay: { requests: 0, impressions: 0, reach: 0, spendMicros: 0, spend: 0 },
      warnings: [],
      sample: { rows: 0, days: 0 },
    });
  });

  describe('with a seeded sample', () => {
    beforeAll(async () => {
      // Three requests that stand for 300 (100 each). Demo Shop bids 4.00 PLN CPM gross: net of
      // the 20 % margin and Demo Agency's 15 % commission, 2,600 micro-PLN per impression.
      await recordRequestSamples(
        t.database.db,
        [
          // No floor, second price: 50 %, clearing at 1,300 net = 2,000 gross.
          sample({ userHash: 'u1' }),
          // Floor 1 PLN CPM: 0.1 + 0.2 x 1.6 = 42 %, first price: 2,600 net = 4,000 gross.
          sample({
            userHash: 'u2',
            auctionType: 1,
            deviceType: 'mobile',
            imps: [{ sizes: ['300x250'], floorMicros: 1000, floorCurrency: 'PLN' }],
          }),
          // Another country and size, no floor: 50 % at 2,000 gross.
          sample({
            userHash: 'u3',
            country: 'DE',
            imps: [{ sizes: ['728x90'], floorMicros: 0, floorCurrency: 'PLN' }],
          }),
        ],
        [{ day, requests: 300, sampled: 3 }],
      );
    });

    it('forecasts every size when no banner is chosen', async () => {
      expect(await forecast({})).toEqual({
        perDay: {
          requests: 300,
          // (0.5 + 0.42 + 0.5) x 100
          impressions: 142,
          reach: 142,
          // (1,000 + 1,680 + 1,000) x 100 micro-PLN = 36.80 PLN
          spendMicros: 368_000,
          spend: 37,
        },
        warnings: [],
        sample: { rows: 3, days: 1 },
      });
    });

    it("applies the targeting and the banners' sizes as the bidder would", async () => {
      const bannerId = await insertBanner(t, shopId, 'approved');
      expect((await forecast({ countries: ['PL'], bannerIds: [bannerId] })).perDay).toEqual({
        requests: 200,
        impressions: 92,
        reach: 92,
        spendMicros: 268_000,
        spend: 27,
      });
      expect((await forecast({ deviceTypes: ['mobile'], dailyBudget: 10 })).perDay).toEqual({
        requests: 100,
        impressions: Math.round((42 * 1_000) / 1_680),
        reach: Math.round((42 * 1_000) / 1_680),
        spendMicros: 100_000,
        spend: 10,
      });
    });

    it('warns of a bid under most floors and of no matching traffic', async () => {
      // 0.10 PLN CPM: 65 micro-PLN net, under B's floor; the median of 0, 0 and 1,000 is 0.
      expect((await forecast({ maxCpm: 10, deviceTypes: ['mobile'] })).warnings).toEqual([
        'bid_under_floors',
      ]);
      expect(await forecast({ countries: ['FR'] })).toMatchObject({
        perDay: { requests: 0, impressions: 0 },
        warnings: ['no_matching_traffic'],
      });
    });

    it('scales by an included audience and warns when it is too small', async () => {
      for (const user of ['v1', 'v2', 'v3'])
        await insertTagEvent(t, shopId, { type: 'viewHome', userId: user, at: ago(1) });
      const audience = await createAudience(t, advertiser, { name: 'Three visitors', rule: 'all_visitors' });
      expect(audience.estimatedSize).toBe(3);
      const result = await forecast({ audienceIncludeIds: [audience.id] });
      // 3 members of 300 users a day: 1 %.
      expect(result.perDay).toMatchObject({ requests: 3, impressions: 1, reach: 1 });
      expect(result.warnings).toEqual(['audience_too_small']);
    });

    it("does not see another advertiser's banners or audiences", async () => {
      const theirs = await insertBanner(t, soloId, 'approved');
      expect(await forecast({ bannerIds: [theirs] })).toMatchObject({
        perDay: { requests: 0 },
        warnings: ['no_matching_traffic'],
      });
    });
  });

  it('answers 401 without a session and 403 to the other panels', async () => {
    const body = { maxCpm: 400 };
    expect((await t.call({ method: 'POST', url, payload: body })).status).toBe(401);
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    expect((await t.call({ method: 'POST', url, token: agency, payload: body })).status).toBe(403);
    const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    expect((await t.call({ method: 'POST', url, token: admin, payload: body })).status).toBe(403);
  });

  it('answers 422 to a body that is not a campaign form', async () => {
    for (const payload of [
      {},
      { maxCpm: -1 },
      { maxCpm: 400, countries: ['Poland'] },
      { maxCpm: 400, hoursOfWeek: [] },
    ]) {
      const res = await t.call({ method: 'POST', url, token: advertiser, payload });
      expect(res.status, JSON.stringify(payload)).toBe(422);
    }
  });
});
