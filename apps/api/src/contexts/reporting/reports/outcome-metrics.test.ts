import { demoAccounts } from '@rtb/db';
import { addHourlyStats, type HourlyStatsDelta } from '@rtb/delivery';
import { agencyReportResponse, type ReportDto, reportResponse } from '@rtb/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createCampaign, insertBanner, todayOf, validCampaign } from '../../campaigns/campaigns/test-helpers';
import { organisationId } from '../../organisations/organisations/test-users';

/**
 * The models' predicted clicks and conversions and bid shading's saving, read from the rollups'
 * counters (`predicted_clicks_micro`, `predicted_conversions_micro`, `shaded_clearing_micros`,
 * `unshaded_micros`) wherever clicks and conversions are: by campaign (the daily rollup), by
 * hour (the campaigns' hourly one), by creative, country, device type and domain (the detailed
 * one), in the totals, sorted by, exported, and in the agency's report.
 */

let t: TestApp;
let shop: string;
let agency: string;
let c: { outcome: number; plain: number };
let b: { hero: number; teaser: number };

const url = '/api/advertiser/reports';
const period = 'from=2026-01-10&to=2026-01-11';

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  const advertiserId = await organisationId(t, 'advertiser', 'Demo Shop');
  const today = await todayOf(t, advertiserId);
  c = {
    outcome: (await createCampaign(t, shop, validCampaign(today, { name: 'Outcome', maxCpm: 500 }))).id,
    plain: (await createCampaign(t, shop, validCampaign(today, { name: 'Plain', maxCpm: 500 }))).id,
  };
  b = {
    hero: await insertBanner(t, advertiserId, 'approved', 'Hero'),
    teaser: await insertBanner(t, advertiserId, 'approved', 'Teaser'),
  };
  const row = (
    hour: string,
    counters: Omit<HourlyStatsDelta, 'hour' | 'advertiserId'>,
  ): HourlyStatsDelta => ({
    hour: new Date(hour),
    advertiserId,
    ...counters,
  });
  await addHourlyStats(t.database.db, [
    // 11:00 on 10 January in Warsaw: shaded first-price impressions, scored by both models.
    row('2026-01-10T10:00:00Z', {
      campaignId: c.outcome,
      bannerId: b.hero,
      country: 'PL',
      deviceType: 'mobile',
      domain: 'news.example',
      impressions: 1000,
      clicks: 12,
      clickConversions: 1,
      spendMicros: 2_500_000,
      predictedClicksMicro: 10_500_000,
      predictedConversionsMicro: 420_000,
      shadedClearingMicros: 1_600_000,
      unshadedMicros: 2_000_000,
    }),
    // The same hour elsewhere: second-price impressions (none shaded), scored.
    row('2026-01-10T10:00:00Z', {
      campaignId: c.outcome,
      bannerId: b.teaser,
      country: 'DE',
      deviceType: 'desktop',
      domain: 'shop.example',
      impressions: 500,
      clicks: 3,
      spendMicros: 1_000_000,
      predictedClicksMicro: 2_250_001,
      predictedConversionsMicro: 60_000,
    }),
    // 11 January: shaded again, scored by the click model only (no conversion model yet).
    row('2026-01-11T09:00:00Z', {
      campaignId: c.outcome,
      bannerId: b.hero,
      country: 'PL',
      deviceType: 'mobile',
      domain: 'news.example',
      impressions: 200,
      clicks: 1,
      spendMicros: 500_000,
      predictedClicksMicro: 1_999_999,
      shadedClearingMicros: 300_000,
      unshadedMicros: 333_333,
    }),
    // A campaign whose impressions no model scored, none shaded.
    row('2026-01-10T10:00:00Z', {
      campaignId: c.plain,
      bannerId: b.teaser,
      country: 'DE',
      deviceType: 'desktop',
      domain: 'shop.example',
      impressions: 300,
      clicks: 2,
      spendMicros: 600_000,
    }),
  ]);
});
afterAll(() => t.close());

const report = async (query: string, days = period): Promise<ReportDto> => {
  const res = await t.call({ method: 'GET', url: `${url}?${days}&${query}`, token: shop });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(reportResponse.safeParse(res.body).success).toBe(true);
  return res.body.data.report;
};

/** The four figures of a row or total. */
const outcomeOf = (figures: {
  predictedClicks: number | null;
  predictedConversions: number | null;
  shadingSavingMicros: number | null;
  shadingSavingRate: number | null;
}) => ({
  predictedClicks: figures.predictedClicks,
  predictedConversions: figures.predictedConversions,
  shadingSavingMicros: figures.shadingSavingMicros,
  shadingSavingRate: figures.shadingSavingRate,
});
const byKey = (r: ReportDto) => Object.fromEntries(r.rows.elements.map((row) => [row.key, outcomeOf(row)]));

/** Hero's shaded impressions over both days: full bids of 2.333333, cleared at 1.90. */
const heroSaving = { shadingSavingMicros: 433_333, shadingSavingRate: 433_333 / 2_333_333 };
const noShading = { shadingSavingMicros: 0, shadingSavingRate: null };
const unscored = { predictedClicks: null, predictedConversions: null, ...noShading };

describe('the predicted clicks and conversions and the shading saving', () => {
  it('are summed by campaign and in the totals, null where no model scored, exactly', async () => {
    const r = await report('time=none&by=campaign');
    expect(byKey(r)).toEqual({
      [c.outcome]: {
        // 10.5 + 2.250001 + 1.999999 clicks; 0.42 + 0.06 conversions.
        predictedClicks: 14.75,
        predictedConversions: 0.48,
        ...heroSaving,
      },
      [c.plain]: unscored,
    });
    expect(outcomeOf(r.totals)).toEqual({
      predictedClicks: 14.75,
      predictedConversions: 0.48,
      ...heroSaving,
    });
    // Beside what happened: 16 clicks against 14.75 predicted, 1 post-click conversion against 0.48.
    expect(r.totals).toMatchObject({ clicks: 18, clickConversions: 1 });
  });

  it('split by day (the chart) and by hour of the advertiser’s clock', async () => {
    const days = await report(`time=day&campaignId=${c.outcome}`);
    expect(days.chart.map((point) => [point.period, outcomeOf(point)])).toEqual([
      [
        '2026-01-10',
        {
          predictedClicks: 12.750001,
          predictedConversions: 0.48,
          shadingSavingMicros: 400_000,
          shadingSavingRate: 0.2,
        },
      ],
      [
        '2026-01-11',
        {
          predictedClicks: 1.999999,
          predictedConversions: null,
          shadingSavingMicros: 33_333,
          shadingSavingRate: 33_333 / 333_333,
        },
      ],
    ]);
    const hours = await report('time=hour&by=campaign', 'from=2026-01-10&to=2026-01-10');
    expect(hours.rows.elements.map((row) => row.period)).toEqual(['2026-01-10 11:00', '2026-01-10 11:00']);
    expect(byKey(hours)).toEqual({
      [c.outcome]: {
        predictedClicks: 12.750001,
        predictedConversions: 0.48,
        shadingSavingMicros: 400_000,
        shadingSavingRate: 0.2,
      },
      [c.plain]: unscored,
    });
  });

  it('split by creative, country, device type and domain', async () => {
    const hero = { predictedClicks: 12.499999, predictedConversions: 0.42, ...heroSaving };
    // Teaser's, country's, device's and domain's other rows: Outcome's scored ones and Plain's unscored.
    const teaser = { predictedClicks: 2.250001, predictedConversions: 0.06, ...noShading };
    expect(byKey(await report('time=none&by=creative'))).toEqual({ [b.hero]: hero, [b.teaser]: teaser });
    expect(byKey(await report('time=none&by=country'))).toEqual({ PL: hero, DE: teaser });
    expect(byKey(await report('time=none&by=deviceType'))).toEqual({ mobile: hero, desktop: teaser });
    expect(byKey(await report('time=none&by=domain'))).toEqual({
      'news.example': hero,
      'shop.example': teaser,
    });
  });

  it('sort by their formulas, nulls last either way', async () => {
    const keys = async (query: string) =>
      (await report(`time=none&by=campaign&${query}`)).rows.elements.map((row) => row.key);
    const scoredFirst = [String(c.outcome), String(c.plain)];
    expect(await keys('sort=predictedClicks&order=desc')).toEqual(scoredFirst);
    expect(await keys('sort=predictedClicks&order=asc')).toEqual(scoredFirst);
    expect(await keys('sort=shadingSavingRate&order=asc')).toEqual(scoredFirst);
    expect(await keys('sort=shadingSavingMicros&order=asc')).toEqual([String(c.plain), String(c.outcome)]);
    const domains = (await report('time=none&by=domain&sort=predictedConversions&order=asc')).rows.elements;
    expect(domains.map((row) => row.key)).toEqual(['shop.example', 'news.example']);
  });

  it('draw a line per group', async () => {
    const r = await report('time=day&by=creative&series=predictedClicks');
    expect(r.series?.groups.map((group) => [group.key, group.values])).toEqual([
      [String(b.hero), [10.5, 1.999999]],
      [String(b.teaser), [2.250001, null]],
    ]);
  });

  it('are exported with the predictions as decimals, the saving as money and its rate as a percent', async () => {
    const download = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}/export?${period}&time=none&by=campaign&sort=name&columns=clicks,predictedClicks,clickConversions,predictedConversions,shadingSavingMicros,shadingSavingRate&format=csv&${query}`,
        headers: { authorization: `Bearer ${shop}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    expect(parse((await download('style=iso')).body)).toEqual([
      [
        'Campaign',
        'Clicks',
        'Predicted clicks',
        'Post-click conversions',
        'Predicted post-click conversions',
        'Saved by bid shading (zł)',
        'Saved by bid shading (% of full bids)',
      ],
      ['Outcome', '16', '14.75', '1', '0.48', '0.43', '0.1857'],
      // No model, nothing shaded: empty cells, never a zero prediction.
      ['Plain', '2', '', '0', '', '0.00', ''],
      ['Total', '18', '14.75', '1', '0.48', '0.43', '0.1857'],
    ]);
    const polish = await download('style=locale&locale=pl');
    expect(parse(polish.body, { delimiter: ';', bom: true })).toEqual([
      [
        'Kampania',
        'Kliknięcia',
        'Przewidywane kliknięcia',
        'Konwersje po kliknięciu',
        'Przewidywane konwersje po kliknięciu',
        'Oszczędność z obniżania stawek (zł)',
        'Oszczędność z obniżania stawek (% pełnych stawek)',
      ],
      ['Outcome', '16', '14,75', '1', '0,48', '0,43', '18,57%'],
      ['Plain', '2', '', '0', '', '0,00', ''],
      ['Razem', '18', '14,75', '1', '0,48', '0,43', '18,57%'],
    ]);
  });

  it('are in the agency’s report of its advertisers’ campaigns and their totals', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/agency/advertiser-campaign-stats?${period}&time=none&by=campaign`,
      token: agency,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(agencyReportResponse.safeParse(res.body).success).toBe(true);
    const { rows, totals } = res.body.data.advertiserCampaignStats;
    const outcome = rows.elements.find((row: { campaignId: number }) => row.campaignId === c.outcome);
    expect(outcomeOf(outcome)).toEqual({ predictedClicks: 14.75, predictedConversions: 0.48, ...heroSaving });
    expect(totals.map(outcomeOf)).toEqual([
      { predictedClicks: 14.75, predictedConversions: 0.48, ...heroSaving },
    ]);
  });
});
