import { currencies, demoAccounts } from '@rtb/db';
import { addHourlyStats, type HourlyStatsDelta } from '@rtb/delivery';
import { dateMessages, messages, reportMessages, reportResponse, shiftDay } from '@rtb/shared';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createCampaign, insertBanner, todayOf, validCampaign } from '../../campaigns/campaigns/test-helpers';
import { organisationId, organisationUser } from '../../organisations/organisations/test-users';

const url = '/api/advertiser/reports';

let t: TestApp;
let shop: string;
let solo: string;
let ids: { shop: number; solo: number };
/** Demo Shop's campaigns (Europe/Warsaw, PLN) and Solo Store's one. */
let c: { sale: number; teaser: number; quiet: number; bidsOnly: number; solo: number };

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  ids = {
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
  };
  const today = await todayOf(t, ids.shop);
  const campaign = async (token: string, name: string) =>
    (await createCampaign(t, token, validCampaign(today, { name, maxCpm: 500 }))).id;
  c = {
    sale: await campaign(shop, 'Winter sale'),
    teaser: await campaign(shop, 'Teaser'),
    quiet: await campaign(shop, 'Quiet'),
    bidsOnly: await campaign(shop, 'Bids only'),
    solo: await campaign(solo, 'Solo secret'),
  };
  const banner = await insertBanner(t, ids.shop);
  const soloBanner = await insertBanner(t, ids.solo);
  const shopRow = (hour: string, campaignId: number, counters: Partial<HourlyStatsDelta>) => ({
    hour: at(hour),
    advertiserId: ids.shop,
    campaignId,
    bannerId: banner,
    ...counters,
  });
  await addHourlyStats(t.database.db, [
    // 23:00 on 9 January in Warsaw (UTC+1 in winter): the day before the period.
    shopRow('2026-01-09T22:00:00Z', c.sale, { impressions: 1000, clicks: 100, spendMicros: 9_000_000 }),
    // Midnight in Warsaw: the period's first hour.
    shopRow('2026-01-09T23:00:00Z', c.teaser, {
      impressions: 90,
      clicks: 1,
      spendMicros: 200_000,
      viewConversions: 1,
      pixelConversions: 1,
      conversionValueMinor: 1200,
    }),
    shopRow('2026-01-10T10:00:00Z', c.sale, {
      bids: 5000,
      wins: 1100,
      impressions: 1000,
      clicks: 10,
      invalidImpressions: 50,
      invalidClicks: 3,
      spendMicros: 2_500_000,
      clearingMicros: 1_800_000,
      clickConversions: 1,
      viewConversions: 2,
      postbackConversions: 2,
      tagConversions: 1,
      conversionValueMinor: 5000,
    }),
    // 23:00 in Warsaw, still 10 January; another country is another rollup row.
    shopRow('2026-01-10T22:00:00Z', c.sale, { impressions: 3, spendMicros: 7_000, country: 'PL' }),
    // 00:00 on 11 January in Warsaw, though 10 January in UTC.
    shopRow('2026-01-10T23:00:00Z', c.teaser, { impressions: 7, clicks: 2, spendMicros: 3_333 }),
    shopRow('2026-01-11T12:00:00Z', c.quiet, { impressions: 5, invalidClicks: 4 }),
    shopRow('2026-01-11T13:00:00Z', c.bidsOnly, { bids: 100 }),
    // Midnight of 13 January in Warsaw: after the period.
    shopRow('2026-01-12T23:00:00Z', c.sale, { impressions: 1, spendMicros: 1_000 }),
    // Summer (UTC+2): 22:00 UTC on 1 July is 2 July in Warsaw.
    shopRow('2025-07-01T22:00:00Z', c.sale, { impressions: 4, spendMicros: 4_000 }),
  ]);
  await addHourlyStats(t.database.db, [
    {
      hour: at('2026-01-10T10:00:00Z'),
      advertiserId: ids.solo,
      campaignId: c.solo,
      bannerId: soloBanner,
      impressions: 777,
      clicks: 77,
      spendMicros: 7_777_777,
    },
  ]);
});
afterAll(() => t.close());

const report = async (query: string, token = shop) => {
  const res = await t.call({ method: 'GET', url: `${url}${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(reportResponse.safeParse(res.body).success).toBe(true);
  return res.body.data.report;
};

const zeros = {
  bids: 0,
  wins: 0,
  winRate: null,
  impressions: 0,
  clicks: 0,
  ctr: null,
  spendMicros: 0,
  cpmMicros: null,
  cpcMicros: null,
  clickConversions: 0,
  viewConversions: 0,
  conversions: 0,
  postbackConversions: 0,
  tagConversions: 0,
  pixelConversions: 0,
  conversionRate: null,
  conversionValueMinor: 0,
  cpaMicros: null,
  roas: null,
  predictedClicks: null,
  predictedConversions: null,
  shadingSavingMicros: 0,
  shadingSavingRate: null,
};
/** No model scored these impressions and none was shaded. */
const unscored = {
  predictedClicks: null,
  predictedConversions: null,
  shadingSavingMicros: 0,
  shadingSavingRate: null,
};

describe('GET /api/advertiser/reports', () => {
  it('counts the days of the advertiser’s time zone, across its midnight, valid traffic only', async () => {
    const r = await report('?from=2026-01-10&to=2026-01-12');
    expect(r).toMatchObject({
      currency: 'PLN',
      timeZone: 'Europe/Warsaw',
      from: '2026-01-10',
      to: '2026-01-12',
    });
    expect(r.chart.map((d: { period: string }) => d.period)).toEqual([
      '2026-01-10',
      '2026-01-11',
      '2026-01-12',
    ]);
    const [tenth, eleventh, twelfth] = r.chart;
    expect(tenth).toEqual({
      period: '2026-01-10',
      bids: 5000,
      wins: 1100,
      winRate: 0.22,
      impressions: 1093,
      clicks: 11,
      ctr: 11 / 1093,
      spendMicros: 2_707_000,
      // 2,707,000 x 1000 / 1093 = 2,476,669.72
      cpmMicros: 2_476_670,
      // 2,707,000 / 11 = 246,090.9
      cpcMicros: 246_091,
      clickConversions: 1,
      viewConversions: 3,
      conversions: 4,
      // Where they came from: two postbacks, a tag's transaction and the pixel.
      postbackConversions: 2,
      tagConversions: 1,
      pixelConversions: 1,
      // Post-click conversions per click: 1 of 11.
      conversionRate: 1 / 11,
      conversionValueMinor: 6200,
      // 2,707,000 / 4
      cpaMicros: 676_750,
      // 62.00 PLN of conversions for 2.707 PLN of spend.
      roas: expect.closeTo(22.9035833, 6),
      ...unscored,
    });
    expect(eleventh).toMatchObject({ impressions: 12, clicks: 2, spendMicros: 3_333, conversions: 0 });
    expect(twelfth).toEqual({ period: '2026-01-12', ...zeros });
    // The table's rows by day are the days with delivery, in time order, the same figures.
    expect(r.rows.elements.map((row: { period: string }) => row.period)).toEqual([
      '2026-01-10',
      '2026-01-11',
    ]);
    expect(r.rows.elements[0]).toEqual({ ...tenth, key: null, name: null, campaignStatus: null });
    expect(r.rows.meta).toEqual({ page: 1, perPage: 25, total: 2, lastPage: 1 });
    expect(r).toMatchObject({ time: 'day', by: 'none', previous: null, delivered: true });
  });

  it('gives totals equal to the sum of the rows, and each campaign with delivery', async () => {
    const r = await report('?from=2026-01-10&to=2026-01-12&time=none&by=campaign');
    expect(r.totals).toEqual({
      bids: 5100,
      wins: 1100,
      winRate: 1100 / 5100,
      impressions: 1105,
      clicks: 13,
      ctr: 13 / 1105,
      spendMicros: 2_710_333,
      cpmMicros: 2_452_790,
      cpcMicros: 208_487,
      clickConversions: 1,
      viewConversions: 3,
      conversions: 4,
      postbackConversions: 2,
      tagConversions: 1,
      pixelConversions: 1,
      conversionRate: 1 / 13,
      conversionValueMinor: 6200,
      // 2,710,333 / 4 = 677,583.25
      cpaMicros: 677_583,
      roas: expect.closeTo(62_000_000 / 2_710_333, 9),
      ...unscored,
    });
    // Largest spend first; a campaign that only bid is one of them (its win rate is 0).
    expect(r.rows.elements).toEqual([
      expect.objectContaining({
        period: null,
        key: String(c.sale),
        name: 'Winter sale',
        campaignStatus: 'draft',
        impressions: 1003,
        clicks: 10,
        spendMicros: 2_507_000,
        cpmMicros: 2_499_501,
        cpcMicros: 250_700,
        conversions: 3,
        conversionValueMinor: 5000,
      }),
      expect.objectContaining({ key: String(c.teaser), impressions: 97, clicks: 3, spendMicros: 203_333 }),
      expect.objectContaining({ key: String(c.quiet), impressions: 5, clicks: 0, spendMicros: 0 }),
      expect.objectContaining({ key: String(c.bidsOnly), bids: 100, wins: 0, winRate: 0, impressions: 0 }),
    ]);
    for (const key of [
      'bids',
      'wins',
      'clickConversions',
      'viewConversions',
      'impressions',
      'clicks',
      'spendMicros',
      'conversions',
      'postbackConversions',
      'tagConversions',
      'pixelConversions',
      'conversionValueMinor',
    ] as const) {
      const sum = (rows: Record<string, number>[]) => rows.reduce((total, row) => total + (row[key] ?? 0), 0);
      expect(sum(r.chart), key).toBe(r.totals[key]);
      expect(sum(r.rows.elements), key).toBe(r.totals[key]);
    }
  });

  it('gives null for a figure whose divisor is zero', async () => {
    const quiet = await report(`?from=2026-01-10&to=2026-01-12&campaignId=${c.quiet}`);
    expect(quiet.totals).toEqual({ ...zeros, impressions: 5, ctr: 0, cpmMicros: 0 });
    const bidsOnly = await report(`?from=2026-01-10&to=2026-01-12&campaignId=${c.bidsOnly}&by=campaign`);
    expect(bidsOnly.totals).toEqual({ ...zeros, bids: 100, winRate: 0 });
    expect(bidsOnly.rows.elements.map((row: { key: string }) => row.key)).toEqual([String(c.bidsOnly)]);
  });

  it('narrows everything to one campaign', async () => {
    const r = await report(`?from=2026-01-10&to=2026-01-12&campaignId=${c.teaser}&by=campaign&time=none`);
    expect(r.totals).toMatchObject({ impressions: 97, clicks: 3, spendMicros: 203_333, conversions: 1 });
    expect(r.chart.map((d: { impressions: number }) => d.impressions)).toEqual([90, 7, 0]);
    expect(r.rows.elements.map((row: { key: string }) => row.key)).toEqual([String(c.teaser)]);
  });

  it('counts a summer hour in the local day it belongs to (UTC+2)', async () => {
    expect((await report('?from=2025-07-02&to=2025-07-02')).totals.impressions).toBe(4);
    expect((await report('?from=2025-07-01&to=2025-07-01')).totals.impressions).toBe(0);
  });

  it('covers the last 7 days up to today by default', async () => {
    const today = await todayOf(t, ids.shop);
    const r = await report('');
    expect(r.from).toBe(shiftDay(today, -6));
    expect(r.to).toBe(today);
    expect(r.chart).toHaveLength(7);
    expect(r.chart.at(-1).period).toBe(today);
    expect((await report(`?to=2026-01-12`)).from).toBe('2026-01-06');
  });

  it('never shows another advertiser’s delivery; its campaign is not found', async () => {
    const r = await report('?from=2026-01-10&to=2026-01-10');
    expect(JSON.stringify(r)).not.toContain('Solo secret');
    expect(r.totals.impressions).toBe(1093);
    for (const campaignId of [c.solo, 999_999]) {
      const res = await t.call({ method: 'GET', url: `${url}?campaignId=${campaignId}`, token: shop });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: messages.notFound, code: 404, error: 'common.not_found' });
    }
    const own = await report('?from=2026-01-10&to=2026-01-10', solo);
    expect(own).toMatchObject({ currency: 'EUR', totals: { impressions: 777, clicks: 77 } });
    const ownCampaigns = await report('?from=2026-01-10&to=2026-01-10&by=campaign', solo);
    expect(ownCampaigns.rows.elements).toEqual([
      expect.objectContaining({ key: String(c.solo), name: 'Solo secret' }),
    ]);
  });

  it('refuses a malformed period or campaign with 422 on the field', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['?from=2026-02-30&to=2026-03-01', { from: [dateMessages.realDate] }],
      ['?from=10.01.2026', { from: [dateMessages.dateFormat] }],
      ['?from=2026-01-12&to=2026-01-10', { to: [dateMessages.endBeforeStart] }],
      ['?from=2025-01-01&to=2026-01-02', { from: [reportMessages.rangeTooLong] }],
      // Filled in: to is today, far more than 366 days later.
      ['?from=2020-01-01', { from: [reportMessages.rangeTooLong] }],
      ['?campaignId=abc', { campaignId: [expect.any(String)] }],
      ['?campaignId=0', { campaignId: [expect.any(String)] }],
      ['?from=2026-01-01&to=2026-02-01&time=hour', { from: [reportMessages.hourRangeTooLong] }],
      ['?time=minute', { time: [expect.any(String)] }],
      ['?by=advertiser', { by: [expect.any(String)] }],
      ['?sort=spend', { sort: [expect.any(String)] }],
      ['?perPage=501', { perPage: [expect.any(String)] }],
    ];
    for (const [query, errors] of cases) {
      const res = await t.call({ method: 'GET', url: `${url}${query}`, token: shop });
      expect(res.status, query).toBe(422);
      expect(res.body).toEqual({
        message: messages.validation,
        code: 422,
        error: 'validation.failed',
        errors,
        issues: expect.any(Object),
      });
    }
    // 366 days, both ends included, is the most.
    expect((await report('?from=2025-01-02&to=2026-01-02')).chart).toHaveLength(366);
  });

  it('needs reports read (403 without it); an agency user through "log in as" sees the advertiser’s', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/admin/roles',
      token: await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password),
      payload: {
        category: 'advertiser',
        name: 'Campaigns only',
        permissions: [{ resource: 'campaigns', mode: 'write' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const campaignsOnly = await organisationUser(t, 'advertiser', ids.shop, {
      login: 'campaigns-only@example.com',
      role: created.body.data.role.slug,
    });
    const refused = await t.call({ method: 'GET', url, token: campaignsOnly.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.forbidden);
    const viewer = await organisationUser(t, 'advertiser', ids.shop, {
      login: 'report-viewer@example.com',
      role: 'viewer',
    });
    expect((await report('?from=2026-01-10&to=2026-01-10', viewer.token)).totals.impressions).toBe(1093);

    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    expect((await t.call({ method: 'GET', url, token: agency })).status).toBe(403);
    const asShop = await t.call({
      method: 'POST',
      url: `/api/agency/advertisers/${ids.shop}/auth`,
      token: agency,
    });
    expect(asShop.status, JSON.stringify(asShop.body)).toBe(200);
    const viaAgency = await report('?from=2026-01-10&to=2026-01-10', asShop.body.data.authToken);
    expect(viaAgency.totals.impressions).toBe(1093);
    // A forged header names nothing the token does not already reach.
    const forged = await t.call({
      method: 'GET',
      url,
      token: shop,
      headers: { 'advertiser-id': String(ids.solo) },
    });
    expect(forged.status).toBe(403);
  });

  it('splits by week (from Monday) and by month, every bucket of the period in the chart', async () => {
    const weeks = await report('?from=2026-01-10&to=2026-01-12&time=week');
    // 10 January 2026 is a Saturday: its week began on the 5th; the 12th is the next Monday.
    expect(
      weeks.chart.map((p: { period: string; impressions: number }) => [p.period, p.impressions]),
    ).toEqual([
      ['2026-01-05', 1105],
      ['2026-01-12', 0],
    ]);
    expect(weeks.rows.elements.map((p: { period: string }) => p.period)).toEqual(['2026-01-05']);
    const months = await report('?from=2025-12-31&to=2026-01-12&time=month');
    expect(months.chart.map((p: { period: string }) => p.period)).toEqual(['2025-12', '2026-01']);
    expect(months.rows.elements).toEqual([expect.objectContaining({ period: '2026-01', impressions: 2105 })]);
  });

  it('splits by the hours of the advertiser’s clock, 23 or 24 buckets on the days of a DST change', async () => {
    const hours = await report('?from=2026-01-10&to=2026-01-10&time=hour');
    expect(hours.chart).toHaveLength(24);
    expect(hours.chart[0].period).toBe('2026-01-10 00:00');
    expect(
      hours.rows.elements.map((p: { period: string; impressions: number }) => [p.period, p.impressions]),
    ).toEqual([
      ['2026-01-10 00:00', 90],
      ['2026-01-10 11:00', 1000],
      ['2026-01-10 23:00', 3],
    ]);
    // Spring forward: 02:00 does not exist on 29 March; fall back: 02:00 happens twice on 25 October (one bucket).
    const spring = await report('?from=2026-03-29&to=2026-03-29&time=hour');
    expect(spring.chart.map((p: { period: string }) => p.period.slice(11))).not.toContain('02:00');
    expect(spring.chart).toHaveLength(23);
    expect((await report('?from=2026-10-25&to=2026-10-25&time=hour')).chart).toHaveLength(24);
  });

  it('splits by creative, country, device type and domain', async () => {
    const creatives = await report('?from=2026-01-10&to=2026-01-12&time=none&by=creative');
    expect(creatives.rows.elements).toEqual([
      expect.objectContaining({ key: expect.any(String), name: expect.any(String), impressions: 1105 }),
    ]);
    const countries = await report('?from=2026-01-10&to=2026-01-12&time=none&by=country&sort=name');
    // '' is an unknown country.
    expect(
      countries.rows.elements.map((r: { key: string; impressions: number }) => [r.key, r.impressions]),
    ).toEqual([
      ['', 1102],
      ['PL', 3],
    ]);
    const byDayAndCountry = await report('?from=2026-01-10&to=2026-01-12&by=country');
    expect(
      byDayAndCountry.rows.elements.map((r: { period: string; key: string }) => [r.period, r.key]),
    ).toEqual([
      ['2026-01-10', ''],
      ['2026-01-10', 'PL'],
      ['2026-01-11', ''],
    ]);
    for (const by of ['deviceType', 'domain']) {
      const r = await report(`?from=2026-01-10&to=2026-01-12&time=none&by=${by}`);
      expect(r.rows.elements.map((row: { key: string }) => row.key)).toEqual(['']);
    }
  });

  it('sorts by a figure (nulls last) or by name, and pages without overlap', async () => {
    const keys = async (query: string) =>
      (await report(`?from=2026-01-10&to=2026-01-12&time=none&by=campaign${query}`)).rows.elements.map(
        (row: { name: string }) => row.name,
      );
    expect(await keys('&sort=name')).toEqual(['Bids only', 'Quiet', 'Teaser', 'Winter sale']);
    expect(await keys('&sort=name&order=desc')).toEqual(['Winter sale', 'Teaser', 'Quiet', 'Bids only']);
    // CTR: 3/97, 10/1003, 0/5, none.
    expect(await keys('&sort=ctr')).toEqual(['Teaser', 'Winter sale', 'Quiet', 'Bids only']);
    expect(await keys('&sort=ctr&order=asc')).toEqual(['Quiet', 'Winter sale', 'Teaser', 'Bids only']);
    const second = await report('?from=2026-01-10&to=2026-01-12&time=none&by=campaign&perPage=3&page=2');
    expect(second.rows.elements.map((row: { name: string }) => row.name)).toEqual(['Bids only']);
    expect(second.rows.meta).toEqual({ page: 2, perPage: 3, total: 4, lastPage: 2 });
    // The totals are the whole report's, not the page's.
    expect(second.totals.impressions).toBe(1105);
  });

  it('compares with the previous period of as many days', async () => {
    const r = await report('?from=2026-01-10&to=2026-01-12&compare=previous');
    expect(r.previous).toMatchObject({
      from: '2026-01-07',
      to: '2026-01-09',
      totals: { impressions: 1000, clicks: 100, spendMicros: 9_000_000, ctr: 0.1 },
    });
    expect(
      r.previous.chart.map((p: { period: string; impressions: number }) => [p.period, p.impressions]),
    ).toEqual([
      ['2026-01-07', 0],
      ['2026-01-08', 0],
      ['2026-01-09', 1000],
    ]);
    expect(r.totals.impressions).toBe(1105);
  });

  it('says when nothing was delivered', async () => {
    const r = await report('?from=2024-01-01&to=2024-01-07&by=campaign');
    expect(r).toMatchObject({ delivered: false, totals: zeros, rows: { elements: [] } });
    expect(r.chart).toHaveLength(7);
  });

  it('needs a signed-in user (401)', async () => {
    expect((await t.call({ method: 'GET', url })).status).toBe(401);
  });
});

describe('GET /api/advertiser/reports/export', () => {
  const period = 'from=2026-01-10&to=2026-01-12';
  const download = async (query: string, token = shop) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}/export?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('writes the table’s rows, in its order, with the chosen figures and the totals row, as ISO CSV', async () => {
    const query = `${period}&time=none&by=campaign&sort=name&columns=impressions,clicks,ctr,spendMicros,cpcMicros,roas`;
    const table = (await report(`?${query.replace(/&columns=.*/, '')}`)).rows.elements;
    const res = await download(`${query}&format=csv&style=iso`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('report-2026-01-10-2026-01-12.csv');
    const [header, ...rows] = parse(res.body) as string[][];
    expect(header).toEqual(['Campaign', 'Impressions', 'Clicks', 'CTR', 'Spend (zł)', 'CPC (zł)', 'ROAS']);
    expect(rows.slice(0, -1).map((row) => row[0])).toEqual(table.map((row: { name: string }) => row.name));
    // Winter sale: 1003 impressions, 10 clicks, 2.507 PLN (to the grosz: 2.51), CPC 0.2507 -> 0.25,
    // 50 PLN of value: ROAS 19.9442 (as ISO writes every percent, the ratio; the panel shows 1994.42%).
    expect(rows.find((row) => row[0] === 'Winter sale')).toEqual([
      'Winter sale',
      '1003',
      '10',
      '0.0100',
      '2.51',
      '0.25',
      '19.9442',
    ]);
    // A CPC without clicks is an empty cell, never NaN.
    expect(rows.find((row) => row[0] === 'Quiet')).toEqual(['Quiet', '5', '0', '0.0000', '0.00', '', '']);
    expect(rows.at(-1)).toEqual(['Total', '1105', '13', '0.0118', '2.71', '0.21', '22.8754']);
  });

  it('writes numbers and dates as the user reads them: Polish CSV with ; and a decimal comma, a BOM', async () => {
    const res = await download(
      `${period}&time=day&by=none&columns=impressions,spendMicros,ctr,postbackConversions,tagConversions,pixelConversions&format=csv&style=locale&locale=pl`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(res.body, { delimiter: ';', bom: true }) as string[][];
    expect(rows).toEqual([
      [
        'Dzień',
        'Wyświetlenia',
        'Wydatki (zł)',
        'CTR',
        'Konwersje z postbacku',
        'Konwersje z tagu',
        'Konwersje z piksela',
      ],
      ['10.01.2026', '1093', '2,71', '1,01%', '2', '1', '1'],
      ['11.01.2026', '12', '0,00', '16,67%', '0', '0', '0'],
      ['Razem', '1105', '2,71', '1,18%', '2', '1', '1'],
    ]);
  });

  it('writes ROAS as the panel shows it, a percent, in Polish CSV and in XLSX', async () => {
    const query = `${period}&time=none&by=campaign&sort=name&columns=roas`;
    const table = (await report(`?${query.replace(/&columns=.*/, '')}`)).rows.elements as {
      name: string;
      roas: number | null;
    }[];
    const winter = table.find((row) => row.name === 'Winter sale')?.roas ?? Number.NaN;
    // The panel's 'ROAS' of Winter sale: 50 PLN of value for 2.507 PLN spent, 1994.42% in Polish.
    const onScreen = `${(winter * 100).toFixed(2).replace('.', ',')}%`;
    const csv = await download(`${query}&format=csv&style=locale&locale=pl`);
    const rows = parse(csv.body, { delimiter: ';', bom: true }) as string[][];
    expect(rows[0]).toEqual(['Kampania', 'ROAS']);
    expect(rows.find((row) => row[0] === 'Winter sale')).toEqual(['Winter sale', onScreen]);
    const xlsx = await download(`${query}&format=xlsx&locale=en`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const cell = sheet?.getRow(table.findIndex((row) => row.name === 'Winter sale') + 2).getCell(2);
    expect(cell?.value).toBeCloseTo(winter, 12);
    expect(cell?.numFmt).toBe('0.00%');
  });

  it('writes XLSX with typed cells that hold the table’s numbers', async () => {
    const query = `${period}&time=day&by=country&columns=impressions,clicks,spendMicros,ctr`;
    const table = (await report(`?${query.replace(/&columns=.*/, '')}`)).rows.elements;
    const res = await download(`${query}&format=xlsx&locale=en`);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Day', 'Country', 'Impressions', 'Clicks', 'Spend (zł)', 'CTR']);
    expect(sheet.rowCount).toBe(table.length + 2);
    table.forEach(
      (
        row: {
          period: string;
          key: string;
          impressions: number;
          clicks: number;
          spendMicros: number;
          ctr: number;
        },
        i: number,
      ) => {
        const [day, country, impressions, clicks, spend, ctr] = values(i + 2);
        expect(day).toBeInstanceOf(Date);
        expect((day as Date).toISOString().slice(0, 10)).toBe(row.period);
        expect(country).toBe(row.key === '' ? 'Unknown' : 'Poland');
        expect([impressions, clicks]).toEqual([row.impressions, row.clicks]);
        expect(spend).toBeCloseTo(row.spendMicros / 1e6, 6);
        expect(ctr).toBeCloseTo(row.ctr, 12);
      },
    );
    const totals = sheet.getRow(table.length + 2);
    expect([1, 3, 4, 5].map((n) => totals.getCell(n).value)).toEqual(['Total', 1105, 13, 2.710333]);
    expect(totals.getCell(3).font?.bold).toBe(true);
  });

  it('opens through a one-use download link, and checks the query like the report', async () => {
    const path = `${url}/export?${period}&time=none&format=csv&style=iso&columns=impressions`;
    const link = await t.call({
      method: 'POST',
      url: '/api/advertiser/download-links',
      token: shop,
      payload: { path },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const opened = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(opened.statusCode).toBe(200);
    expect(parse(opened.body)).toEqual([['Impressions'], ['1105'], ['1105']]);
    for (const [query, field] of [
      [`${period}&format=csv`, 'columns'],
      [`${period}&format=csv&columns=impressions,nope`, 'columns.1'],
      [`${period}&format=pdf&columns=impressions`, 'format'],
      [`${period}&format=csv&columns=impressions&style=fancy`, 'style'],
    ] as const) {
      const res = await t.call({ method: 'GET', url: `${url}/export?${query}`, token: shop });
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect(
      (
        await t.call({
          method: 'GET',
          url: `${url}/export?format=csv&columns=impressions&campaignId=${c.solo}`,
          token: shop,
        })
      ).status,
    ).toBe(404);
  });
});

describe('the domain split of in-app traffic', () => {
  it('names an app by its bundle or name, and an older event’s bare App Store id as an App Store app', async () => {
    const banner = await insertBanner(t, ids.shop);
    const row = (domain: string, impressions: number) => ({
      hour: at('2026-02-10T10:00:00Z'),
      advertiserId: ids.shop,
      campaignId: c.sale,
      bannerId: banner,
      domain,
      impressions,
    });
    await addHourlyStats(t.database.db, [
      row('com.example.game', 30),
      row('Example Game (1234567890)', 20),
      // Recorded before apps were named: the numeric bundle alone.
      row('1234567890', 10),
    ]);
    const query = 'from=2026-02-10&to=2026-02-10&time=none&by=domain&sort=impressions&columns=impressions';
    const keys = (await report(`?${query.replace(/&columns=.*/, '')}`)).rows.elements.map(
      (r: { key: string }) => r.key,
    );
    expect(keys).toEqual(['com.example.game', 'Example Game (1234567890)', '1234567890']);
    const csv = async (locale: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}/export?${query}&format=csv&style=iso&locale=${locale}`,
        headers: { authorization: `Bearer ${shop}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (parse(res.body) as string[][]).slice(1, -1).map((r) => r[0]);
    };
    expect(await csv('en')).toEqual([
      'com.example.game',
      'Example Game (1234567890)',
      'App 1234567890 (App Store)',
    ]);
    expect((await csv('pl'))[2]).toBe('Aplikacja 1234567890 (App Store)');
  });
});

describe('the export’s money headers', () => {
  it('name the currency by its symbol, also when it was disabled since', async () => {
    await t.database.db.update(currencies).set({ enabled: false }).where(eq(currencies.code, 'PLN'));
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}/export?from=2026-01-10&to=2026-01-12&time=none&columns=spendMicros&format=csv&style=iso`,
        headers: { authorization: `Bearer ${shop}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((parse(res.body) as string[][])[0]).toEqual(['Spend (zł)']);
    } finally {
      await t.database.db.update(currencies).set({ enabled: true }).where(eq(currencies.code, 'PLN'));
    }
  });
});
