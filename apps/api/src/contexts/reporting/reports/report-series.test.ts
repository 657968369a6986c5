import { demoAccounts } from '@rtb/db';
import { addHourlyStats, type HourlyStatsDelta } from '@rtb/delivery';
import { REPORT_SERIES_GROUPS, type ReportDto, reportResponse } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createCampaign, insertBanner, todayOf, validCampaign } from '../../campaigns/campaigns/test-helpers';
import { organisationId } from '../../organisations/organisations/test-users';

/**
 * The chart's lines per group (`series`): the top groups by the figure over the period, their
 * lines and the rest's ('Other') adding up to the total line at every bucket of the advertiser's
 * clock, named as the table's rows.
 */

let t: TestApp;
let shop: string;
/** Banners 'Banner 1'..'Banner 8' of Demo Shop (Europe/Warsaw), by number. */
const banners: number[] = [];
const countries = ['PL', 'DE', 'CZ', '', 'FR', 'IT', 'ES', 'SK'];
/** Hours of the period 10-11 January in Warsaw (UTC+1): its first hour, a noon, 11 January's first hour. */
const hours = ['2026-01-09T23:00:00Z', '2026-01-10T12:00:00Z', '2026-01-10T23:00:00Z'];

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  const advertiserId = await organisationId(t, 'advertiser', 'Demo Shop');
  const today = await todayOf(t, advertiserId);
  const campaigns = [
    (await createCampaign(t, shop, validCampaign(today, { name: 'Winter sale', maxCpm: 500 }))).id,
    (await createCampaign(t, shop, validCampaign(today, { name: 'Teaser', maxCpm: 500 }))).id,
  ];
  for (let n = 1; n <= 8; n += 1)
    banners.push(await insertBanner(t, advertiserId, 'approved', `Banner ${n}`));
  const rows: HourlyStatsDelta[] = banners.flatMap((bannerId, index) => {
    const n = index + 1;
    const common = {
      advertiserId,
      bannerId,
      campaignId: campaigns[n % 2] as number,
      country: countries[index] as string,
    };
    return [
      // 23:00 on 9 January in Warsaw: before the period, in no line.
      { ...common, hour: new Date('2026-01-09T22:00:00Z'), impressions: 1000, spendMicros: 1_000_000 },
      ...hours.map((hour, h) => ({
        ...common,
        hour: new Date(hour),
        bids: 100 * n,
        wins: 10 * n + h,
        impressions: n * (h + 1) * 7 + h,
        clicks: (n % 3) + h,
        spendMicros: n * 1_000 * (h + 1) + 7,
        clickConversions: n % 2,
      })),
    ];
  });
  await addHourlyStats(t.database.db, rows);
});
afterAll(() => t.close());

const report = async (query: string): Promise<ReportDto> => {
  const res = await t.call({
    method: 'GET',
    url: `/api/advertiser/reports?from=2026-01-10&to=2026-01-11&${query}`,
    token: shop,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(reportResponse.safeParse(res.body).success).toBe(true);
  return res.body.data.report;
};

type Summed = 'impressions' | 'clicks' | 'spendMicros' | 'bids' | 'conversions';

/** Every bucket's group values and 'Other' add up to the total line's. */
function expectLinesAddUp(r: ReportDto, metric: Summed) {
  const series = r.series;
  if (!series) throw new Error('no series');
  expect(series.metric).toBe(metric);
  r.chart.forEach((point, index) => {
    const lines = [...series.groups.map((group) => group.values), ...(series.other ? [series.other] : [])];
    for (const line of lines) expect(line).toHaveLength(r.chart.length);
    const sum = lines.reduce((total, line) => total + (line[index] ?? 0), 0);
    expect(sum, point.period).toBe(point[metric]);
  });
}

describe('GET /api/advertiser/reports?series=', () => {
  it('draws the top groups by the figure, named as the table, and the rest as Other, adding up to the total', async () => {
    const r = await report('time=day&by=creative&series=impressions');
    expect(r.chart.map((point) => point.period)).toEqual(['2026-01-10', '2026-01-11']);
    // The most impressions first: banners 8 down to 3; banners 1 and 2 are the rest.
    expect(r.series?.groups.map((group) => group.name)).toEqual([8, 7, 6, 5, 4, 3].map((n) => `Banner ${n}`));
    expect(r.series?.groups.map((group) => group.key)).toEqual(
      [8, 7, 6, 5, 4, 3].map((n) => String(banners[n - 1])),
    );
    expect(r.series?.groups).toHaveLength(REPORT_SERIES_GROUPS);
    // 10 January: hours 0 and 1 of each banner (n * 7 and n * 14 + 1); 11 January: hour 2 (n * 21 + 2).
    expect(r.series?.other).toEqual([1 * 7 + 1 * 14 + 1 + (2 * 7 + 2 * 14 + 1), 1 * 21 + 2 + (2 * 21 + 2)]);
    expect(r.series?.groups[0]?.values).toEqual([8 * 7 + 8 * 14 + 1, 8 * 21 + 2]);
    expectLinesAddUp(r, 'impressions');
  });

  it('adds up at every hour of the advertiser’s clock, for money too', async () => {
    const r = await report('time=hour&by=creative&series=spendMicros');
    expect(r.chart).toHaveLength(48);
    expect(r.chart[0]?.period).toBe('2026-01-10 00:00');
    // Warsaw's midnight (23:00 UTC) holds the first hour's spend of every banner.
    expect(r.chart[0]?.spendMicros).toBe(36_000 + 8 * 7);
    expect(r.series?.groups[0]?.values[0]).toBe(8_007);
    expect(r.series?.other?.[0]).toBe(1_007 + 2_007);
    expectLinesAddUp(r, 'spendMicros');
  });

  it('has a line for the rows of no country, and adds up by country and by campaign', async () => {
    const byCountry = await report('time=day&by=country&series=clicks');
    expect(byCountry.series?.groups.map((group) => group.key)).toContain('');
    expect(byCountry.series?.other).not.toBeNull();
    expectLinesAddUp(byCountry, 'clicks');
    const other = await report('time=week&by=country&series=bids');
    expectLinesAddUp(other, 'bids');

    // Two campaigns: a line each, named, and no rest.
    const byCampaign = await report('time=day&by=campaign&series=conversions');
    expect(byCampaign.series?.groups.map((group) => group.name)).toEqual(['Teaser', 'Winter sale']);
    expect(byCampaign.series?.other).toBeNull();
    expectLinesAddUp(byCampaign, 'conversions');
  });

  it('ranks by a ratio’s formula over the period, as the table sorts by it', async () => {
    const r = await report('time=day&by=creative&series=ctr');
    const table = await report('time=none&by=creative&sort=ctr&order=desc');
    expect(r.series?.groups.map((group) => group.key)).toEqual(
      table.rows.elements.slice(0, REPORT_SERIES_GROUPS).map((row) => row.key),
    );
    for (const group of r.series?.groups ?? [])
      for (const value of group.values) expect(value === null || (value >= 0 && value <= 1)).toBe(true);
  });

  it('has no lines per group unless asked and split by a dimension whose groups add up', async () => {
    expect((await report('time=day&by=creative')).series).toBeNull();
    expect((await report('time=day&by=none&series=impressions')).series).toBeNull();
    expect((await report('time=day&by=product&series=impressions')).series).toBeNull();
  });
});
