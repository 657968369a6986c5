import { advertisers, agencies, campaignBanners, campaigns, currencies, demoAccounts } from '@rtb/db';
import { addHourlyStats } from '@rtb/delivery';
import { agencyOverviewResponse } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertBanner } from '../../campaigns/campaigns/test-helpers';
import { postEntries } from '../../organisations/organisations/test-helpers';
import { organisationId } from '../../organisations/organisations/test-users';
import { getAgencyOverview } from './get-agency-overview';

/** Noon UTC: 13:00 in Warsaw (winter time), 08:00 in New York (summer time since 8 March). */
const now = new Date('2026-03-18T12:00:00Z');

let t: TestApp;
let agencyId: number;
let ids: { shop: number; euro: number; low: number; other: number };

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const db = t.database.db;
  agencyId = await organisationId(t, 'agency', 'Demo Agency');
  const currencyId = async (code: string) =>
    (await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code)))[0]
      ?.id as number;
  const [otherAgency] = await db
    .insert(agencies)
    .values({ name: 'Other Agency' })
    .returning({ id: agencies.id });
  const advertiser = async (name: string, agency: number, timeZone: string, currency: string) => {
    const [row] = await db
      .insert(advertisers)
      .values({
        name,
        code: name.toUpperCase().replace(/ /g, '-'),
        agencyId: agency,
        timeZone,
        currencyId: await currencyId(currency),
      })
      .returning({ id: advertisers.id });
    return row?.id as number;
  };
  ids = {
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    euro: await advertiser('Euro Shop', agencyId, 'America/New_York', 'EUR'),
    low: await advertiser('Low Shop', agencyId, 'Europe/Warsaw', 'PLN'),
    other: await advertiser('Other Shop', otherAgency?.id as number, 'Europe/Warsaw', 'PLN'),
  };
  const campaign = async (advertiserId: number) => {
    const [row] = await db
      .insert(campaigns)
      .values({
        advertiserId,
        name: 'Always on',
        startDate: '2026-01-01',
        maxCpm: 500,
        dailyBudget: 10_000,
        status: 'active',
      })
      .returning({ id: campaigns.id });
    return row?.id as number;
  };
  const shopCampaign = await campaign(ids.shop);
  const euroCampaign = await campaign(ids.euro);
  const lowCampaign = await campaign(ids.low);
  const banner = await insertBanner(t, ids.shop);
  await db.insert(campaignBanners).values([
    { campaignId: shopCampaign, bannerId: banner },
    { campaignId: lowCampaign, bannerId: await insertBanner(t, ids.low, 'rejected') },
  ]);
  const pln = await currencyId('PLN');
  await postEntries(t, { advertiserId: ids.shop }, 'balance', pln, [100_000]);
  const stat = (hour: string, advertiserId: number, campaignId: number, spendMicros: number) => ({
    hour: new Date(hour),
    advertiserId,
    campaignId,
    bannerId: banner,
    impressions: 10,
    spendMicros,
  });
  await addHourlyStats(db, [
    stat('2026-03-18T10:00:00Z', ids.shop, shopCampaign, 2_000_000), // today
    stat('2026-03-17T10:00:00Z', ids.shop, shopCampaign, 3_000_000), // yesterday
    stat('2026-03-12T10:00:00Z', ids.shop, shopCampaign, 1_000_000), // this month, in the 7 days
    stat('2026-03-02T10:00:00Z', ids.shop, shopCampaign, 4_000_000), // this month only
    stat('2026-02-28T10:00:00Z', ids.shop, shopCampaign, 5_000_000), // last month
    // 23:00 on 17 March in New York: its yesterday, though already the 18th in UTC.
    stat('2026-03-18T03:00:00Z', ids.euro, euroCampaign, 600_000),
    // 5.00 zł a day for the last 7 days against 10.00 zł of funds: two days covered.
    ...[11, 12, 13, 14, 15, 16, 17].map((day) =>
      stat(`2026-03-${day}T10:00:00Z`, ids.low, lowCampaign, 5_000_000),
    ),
    stat('2026-03-18T10:00:00Z', ids.other, lowCampaign, 9_000_000),
  ]);
  await postEntries(t, { advertiserId: ids.low }, 'balance', pln, [1_000]);
});

afterAll(() => t?.close());

const rowOf = async (advertiserId: number) => {
  const overview = await getAgencyOverview(t.deps, agencyId, now);
  const row = overview.rows.find((r) => r.advertiser.id === advertiserId);
  if (!row) throw new Error(`no row for advertiser ${advertiserId}`);
  return row;
};

describe('the agency overview', () => {
  it('covers the agency’s own advertisers only, by name', async () => {
    const overview = await getAgencyOverview(t.deps, agencyId, now);
    expect(overview.rows.map((row) => row.advertiser.name)).toEqual(['Demo Shop', 'Euro Shop', 'Low Shop']);
    expect(overview.truncated).toBe(false);
  });

  it('adds up spend today, yesterday, this month and in the 7 days before today, on the advertiser’s days', async () => {
    expect((await rowOf(ids.shop)).spend).toEqual({
      todayMicros: 2_000_000,
      yesterdayMicros: 3_000_000,
      monthMicros: 10_000_000,
      last7DaysMicros: 4_000_000,
    });
    expect((await rowOf(ids.euro)).spend).toEqual({
      todayMicros: 0,
      yesterdayMicros: 600_000,
      monthMicros: 600_000,
      last7DaysMicros: 600_000,
    });
  });

  it('tells the days the funds cover and warns when they run low', async () => {
    const low = await rowOf(ids.low);
    expect(low.fundsMinor).toBe(1_000);
    expect(low.daysCovered).toBe(2);
    expect(low.alerts).toContain('low_balance');
  });

  it('raises what keeps a client from delivering: no funds, nothing serving, rejected creatives', async () => {
    const euro = await rowOf(ids.euro);
    expect(euro.campaigns).toMatchObject({ active: 1, serving: 0 });
    expect(euro.alerts).toEqual(expect.arrayContaining(['funds_exhausted', 'not_serving']));
    expect(euro.pacing).toBeNull();
    const low = await rowOf(ids.low);
    expect(low.alerts).toEqual(expect.arrayContaining(['not_serving', 'creative_rejected']));
    expect(low.status.banners.messageKey).toBe('bannersAllRejected');
  });

  it('paces a serving client’s spend today against its daily budgets', async () => {
    const shop = await rowOf(ids.shop);
    expect(shop.campaigns.serving).toBeGreaterThan(0);
    expect(shop.campaigns.dailyBudgetMinor).toBeGreaterThan(0);
    // 13:00 in Warsaw: 54% of the day gone, 2.00 zł spent is far behind any budget above 5.00 zł.
    expect(shop.pacing).toBe('behind');
  });

  it('says nothing of pacing while a serving campaign has no daily limit (its spend has no line)', async () => {
    const db = t.database.db;
    const [open] = await db
      .insert(campaigns)
      .values({
        advertiserId: ids.shop,
        name: 'Open-ended',
        startDate: '2026-01-01',
        maxCpm: 500,
        totalBudget: 500_000,
        status: 'active',
      })
      .returning({ id: campaigns.id });
    const openId = open?.id as number;
    const [attached] = await db
      .select({ bannerId: campaignBanners.bannerId })
      .from(campaignBanners)
      .innerJoin(campaigns, eq(campaigns.id, campaignBanners.campaignId))
      .where(eq(campaigns.advertiserId, ids.shop))
      .limit(1);
    await db.insert(campaignBanners).values({ campaignId: openId, bannerId: attached?.bannerId as number });
    try {
      const shop = await rowOf(ids.shop);
      expect(shop.campaigns).toMatchObject({ serving: 2, unlimited: true });
      expect(shop.pacing).toBeNull();
    } finally {
      await db.delete(campaigns).where(eq(campaigns.id, openId));
    }
  });
});

describe('GET /api/agency/overview', () => {
  it('answers the agency user with the overview, and refuses the other panels', async () => {
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    const res = await t.call({ method: 'GET', url: '/api/agency/overview', token: agency });
    expect(res.status).toBe(200);
    const body = agencyOverviewResponse.parse(res.body);
    expect(body.data.agencyOverview.rows.map((row) => row.advertiser.name)).not.toContain('Other Shop');

    const advertiser = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    const refused = await t.call({ method: 'GET', url: '/api/agency/overview', token: advertiser });
    expect([401, 403]).toContain(refused.status);
    expect((await t.call({ method: 'GET', url: '/api/agency/overview' })).status).toBe(401);
  });
});
