import { advertisers, agencies, campaigns, currencies, demoAccounts } from '@rtb/db';
import { addHourlyStats } from '@rtb/delivery';
import { agencyReportResponse, messages, reportResponse } from '@rtb/shared';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertBanner } from '../../campaigns/campaigns/test-helpers';
import { organisationId, organisationUser } from '../../organisations/organisations/test-users';

const url = '/api/agency/advertiser-campaign-stats';

let t: TestApp;
let agency: string;
/** Demo Agency's Demo Shop (PLN, Warsaw) and Euro Shop (EUR, New York); another agency's shop; Solo Store (no agency). */
let ids: { shop: number; euro: number; other: number; solo: number; otherAgency: number };
let c: { sale: number; teaser: number; euro: number; other: number; solo: number };

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const db = t.database.db;
  agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  const demoAgency = await organisationId(t, 'agency', 'Demo Agency');
  const [eur] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'EUR'));
  const [otherAgency] = await db
    .insert(agencies)
    .values({ name: 'Other Agency' })
    .returning({ id: agencies.id });
  const advertiser = async (name: string, agencyId: number | null, timeZone: string) => {
    const [row] = await db
      .insert(advertisers)
      .values({
        name,
        code: name.toUpperCase().replace(/ /g, '-'),
        agencyId,
        timeZone,
        currencyId: eur?.id ?? null,
      })
      .returning({ id: advertisers.id });
    return row?.id as number;
  };
  ids = {
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    euro: await advertiser('Euro Shop', demoAgency, 'America/New_York'),
    other: await advertiser('Other Shop', otherAgency?.id as number, 'Europe/Warsaw'),
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
    otherAgency: otherAgency?.id as number,
  };
  const campaign = async (advertiserId: number, name: string) => {
    const [row] = await db
      .insert(campaigns)
      .values({
        advertiserId,
        name,
        startDate: '2026-01-01',
        maxCpm: 500,
        dailyBudget: 10_000,
        status: 'active',
      })
      .returning({ id: campaigns.id });
    return row?.id as number;
  };
  c = {
    sale: await campaign(ids.shop, 'Winter sale'),
    teaser: await campaign(ids.shop, 'Teaser'),
    euro: await campaign(ids.euro, 'Euro push'),
    other: await campaign(ids.other, 'Other secret'),
    solo: await campaign(ids.solo, 'Solo secret'),
  };
  const banners = {
    shop: await insertBanner(t, ids.shop),
    euro: await insertBanner(t, ids.euro),
    other: await insertBanner(t, ids.other),
    solo: await insertBanner(t, ids.solo),
  };
  const row = (
    hour: string,
    advertiserId: number,
    campaignId: number,
    bannerId: number,
    counters: object,
  ) => ({
    hour: new Date(hour),
    advertiserId,
    campaignId,
    bannerId,
    ...counters,
  });
  await addHourlyStats(db, [
    row('2026-01-10T10:00:00Z', ids.shop, c.sale, banners.shop, {
      impressions: 100,
      clicks: 4,
      spendMicros: 1_000_000,
      commissionMicros: 100_000,
      viewConversions: 1,
      conversionValueMinor: 5000,
    }),
    row('2026-01-11T10:00:00Z', ids.shop, c.teaser, banners.shop, {
      impressions: 50,
      spendMicros: 500_000,
      commissionMicros: 50_000,
    }),
    // 23:00 on 9 January in New York (UTC-5): before the period.
    row('2026-01-10T04:00:00Z', ids.euro, c.euro, banners.euro, { impressions: 999, spendMicros: 9_990_000 }),
    // 01:00 on 10 January in New York.
    row('2026-01-10T06:00:00Z', ids.euro, c.euro, banners.euro, {
      impressions: 10,
      spendMicros: 200_000,
      commissionMicros: 20_000,
    }),
    row('2026-01-10T10:00:00Z', ids.other, c.other, banners.other, {
      impressions: 7777,
      spendMicros: 7_000_000,
    }),
    row('2026-01-10T10:00:00Z', ids.solo, c.solo, banners.solo, {
      impressions: 8888,
      spendMicros: 8_000_000,
    }),
  ]);
});
afterAll(() => t.close());

const stats = async (query: string, token = agency) => {
  const res = await t.call({ method: 'GET', url: `${url}?from=2026-01-10&to=2026-01-11${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(agencyReportResponse.safeParse(res.body).success).toBe(true);
  return res.body.data.advertiserCampaignStats;
};

describe('GET /api/agency/advertiser-campaign-stats', () => {
  it('draws a chart per currency over the advertisers’ days, and compares with the days before', async () => {
    const plain = await stats('');
    expect(plain.previous).toBeNull();
    const points = (chart: { period: string; impressions: number; spendMicros: number }[]) =>
      chart.map((p) => [p.period, p.impressions, p.spendMicros]);
    expect(plain.charts.map((x: { currency: string }) => x.currency)).toEqual(['EUR', 'PLN']);
    const [eur, pln] = plain.charts;
    // Each advertiser on its own clock: Euro Shop's 01:00 in New York is 10 January.
    expect(points(eur.chart)).toEqual([
      ['2026-01-10', 10, 200_000],
      ['2026-01-11', 0, 0],
    ]);
    expect(points(pln.chart)).toEqual([
      ['2026-01-10', 100, 1_000_000],
      ['2026-01-11', 50, 500_000],
    ]);
    expect(eur.previous).toBeNull();

    const compared = await stats('&compare=previous');
    expect(compared.previous).toMatchObject({ from: '2026-01-08', to: '2026-01-09' });
    // 23:00 on 9 January in New York: the previous period's.
    expect(compared.previous.totals).toEqual([
      expect.objectContaining({ currency: 'EUR', impressions: 999, spendMicros: 9_990_000 }),
    ]);
    const [eurCompared, plnCompared] = compared.charts;
    expect(points(eurCompared.previous)).toEqual([
      ['2026-01-08', 0, 0],
      ['2026-01-09', 999, 9_990_000],
    ]);
    expect(points(plnCompared.previous)).toEqual([
      ['2026-01-08', 0, 0],
      ['2026-01-09', 0, 0],
    ]);
    // By hour: every hour of either clock, one chart per currency all the same.
    const hourly = await stats('&time=hour&compare=previous');
    expect(hourly.charts[0].chart).toHaveLength(48);
    expect(hourly.charts[1].previous).toHaveLength(48);
  });

  it('gives each of the agency’s advertisers in its own days and currency, with the commission; totals per currency', async () => {
    const r = await stats('');
    expect(r).toMatchObject({
      from: '2026-01-10',
      to: '2026-01-11',
      time: 'none',
      by: 'advertiser',
      delivered: true,
    });
    expect(r.rows.elements).toEqual([
      expect.objectContaining({
        advertiserId: ids.shop,
        advertiserName: 'Demo Shop',
        currency: 'PLN',
        campaignId: null,
        impressions: 150,
        clicks: 4,
        spendMicros: 1_500_000,
        commissionMicros: 150_000,
        conversions: 1,
        // 50.00 PLN of conversions for 1.50 PLN.
        roas: expect.closeTo(50 / 1.5, 9),
      }),
      expect.objectContaining({
        advertiserId: ids.euro,
        advertiserName: 'Euro Shop',
        currency: 'EUR',
        impressions: 10,
        spendMicros: 200_000,
        commissionMicros: 20_000,
      }),
    ]);
    expect(r.totals).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        impressions: 10,
        spendMicros: 200_000,
        commissionMicros: 20_000,
      }),
      expect.objectContaining({
        currency: 'PLN',
        impressions: 150,
        spendMicros: 1_500_000,
        commissionMicros: 150_000,
      }),
    ]);
    expect(JSON.stringify(r)).not.toMatch(/Other|Solo|7777|8888|999/);
  });

  it('splits by campaign and by day, sorts and filters by advertiser and campaign', async () => {
    const byCampaign = await stats('&by=campaign&sort=name');
    expect(
      byCampaign.rows.elements.map(
        (row: { campaignName: string; advertiserName: string; campaignStatus: string }) => [
          row.campaignName,
          row.advertiserName,
          row.campaignStatus,
        ],
      ),
    ).toEqual([
      ['Euro push', 'Euro Shop', 'active'],
      ['Teaser', 'Demo Shop', 'active'],
      ['Winter sale', 'Demo Shop', 'active'],
    ]);
    const byDay = await stats('&time=day&sort=period');
    expect(
      byDay.rows.elements.map((row: { period: string; advertiserName: string; impressions: number }) => [
        row.period,
        row.advertiserName,
        row.impressions,
      ]),
    ).toEqual([
      ['2026-01-10', 'Demo Shop', 100],
      ['2026-01-10', 'Euro Shop', 10],
      ['2026-01-11', 'Demo Shop', 50],
    ]);
    const shopOnly = await stats(`&advertiserId=${ids.shop}&by=campaign`);
    expect(shopOnly.rows.elements.map((row: { campaignId: number }) => row.campaignId)).toEqual([
      c.sale,
      c.teaser,
    ]);
    expect(shopOnly.totals).toEqual([expect.objectContaining({ currency: 'PLN', impressions: 150 })]);
    const teaser = await stats(`&campaignId=${c.teaser}&by=campaign`);
    expect(teaser.rows.elements).toEqual([
      expect.objectContaining({ campaignId: c.teaser, impressions: 50 }),
    ]);
    const paged = await stats('&by=campaign&perPage=2&page=2');
    expect(paged.rows.meta).toEqual({ page: 2, perPage: 2, total: 3, lastPage: 2 });
  });

  it('does not find another agency’s advertiser or campaign, nor one without an agency', async () => {
    for (const query of [
      `&advertiserId=${ids.other}`,
      `&advertiserId=${ids.solo}`,
      `&campaignId=${c.other}`,
      `&campaignId=${c.solo}`,
      `&advertiserId=${ids.euro}&campaignId=${c.sale}`,
    ]) {
      const res = await t.call({ method: 'GET', url: `${url}?${query.slice(1)}`, token: agency });
      expect(res.status, query).toBe(404);
      expect(res.body).toEqual({ message: messages.notFound, code: 404, error: 'common.not_found' });
    }
  });

  it('gives an agency without advertisers an empty report', async () => {
    const lonely = await organisationUser(t, 'agency', ids.otherAgency, {
      login: 'other-agency@example.com',
    });
    await t.database.db.update(advertisers).set({ agencyId: null }).where(eq(advertisers.id, ids.other));
    try {
      const r = await stats('', lonely.token);
      expect(r).toMatchObject({ totals: [], rows: { elements: [], meta: { total: 0 } }, delivered: false });
    } finally {
      await t.database.db
        .update(advertisers)
        .set({ agencyId: ids.otherAgency })
        .where(eq(advertisers.id, ids.other));
    }
  });

  it('refuses bad input with 422 on the field', async () => {
    for (const [query, field] of [
      ['by=creative', 'by'],
      ['from=2026-01-10&to=2026-01-01', 'to'],
      ['time=hour&from=2026-01-01&to=2026-03-01', 'from'],
      ['sort=nope', 'sort'],
      ['advertiserId=x', 'advertiserId'],
    ] as const) {
      const res = await t.call({ method: 'GET', url: `${url}?${query}`, token: agency });
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
  });

  it('is the agency panel’s only (403 for advertisers and admins; 401 signed out)', async () => {
    const shop = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    expect((await t.call({ method: 'GET', url, token: shop })).status).toBe(403);
    expect((await t.call({ method: 'GET', url, token: admin })).status).toBe(403);
    expect((await t.call({ method: 'GET', url })).status).toBe(401);
  });
});

describe('GET /api/agency/advertiser-campaign-stats/export', () => {
  it('writes every row with its advertiser, campaign and currency, and a totals row per currency', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}/export?from=2026-01-10&to=2026-01-11&by=campaign&sort=name&format=csv&style=iso&columns=impressions,spendMicros,commissionMicros`,
      headers: { authorization: `Bearer ${agency}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(parse(res.body)).toEqual([
      ['Advertiser', 'Campaign', 'Currency', 'Impressions', 'Spend', 'Commission'],
      ['Euro Shop', 'Euro push', 'EUR', '10', '0.20', '0.02'],
      ['Demo Shop', 'Teaser', 'PLN', '50', '0.50', '0.05'],
      ['Demo Shop', 'Winter sale', 'PLN', '100', '1.00', '0.10'],
      ['Total', '', 'EUR', '10', '0.20', '0.02'],
      ['Total', '', 'PLN', '150', '1.50', '0.15'],
    ]);
    const other = await t.call({
      method: 'GET',
      url: `${url}/export?advertiserId=${ids.other}&format=csv&columns=impressions`,
      token: agency,
    });
    expect(other.status).toBe(404);
    const drill = await t.app.inject({
      method: 'GET',
      url: `/api/agency/advertisers/${ids.euro}/reports/export?from=2026-01-10&to=2026-01-11&time=none&format=csv&style=iso&columns=impressions`,
      headers: { authorization: `Bearer ${agency}` },
    });
    expect(parse(drill.body)).toEqual([['Impressions'], ['10'], ['10']]);
  });
});

describe('GET /api/agency/advertisers/:id/reports', () => {
  it('gives one of the agency’s advertisers’ own report; another’s is not found', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/agency/advertisers/${ids.euro}/reports?from=2026-01-10&to=2026-01-11&by=campaign&time=none`,
      token: agency,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(reportResponse.safeParse(res.body).success).toBe(true);
    expect(res.body.data.report).toMatchObject({
      currency: 'EUR',
      timeZone: 'America/New_York',
      totals: { impressions: 10, spendMicros: 200_000 },
      rows: { elements: [expect.objectContaining({ key: String(c.euro), name: 'Euro push' })] },
    });
    expect(JSON.stringify(res.body)).not.toContain('commission');
    for (const id of [ids.other, ids.solo, 999_999]) {
      const refused = await t.call({
        method: 'GET',
        url: `/api/agency/advertisers/${id}/reports`,
        token: agency,
      });
      expect(refused.status, String(id)).toBe(404);
    }
  });
});
