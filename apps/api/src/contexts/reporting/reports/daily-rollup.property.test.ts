import { advertisers, campaigns, currencies, demoAccounts } from '@rtb/db';
import { addHourlyStats, type HourlyStatsDelta } from '@rtb/delivery';
import { type AgencyReportRowDto, agencyReportQuery, shiftDay } from '@rtb/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertBanner } from '../../campaigns/campaigns/test-helpers';
import { organisationId } from '../../organisations/organisations/test-users';
import { agencyReportRows, agencyReportTotals, getAgencyReport, planAgencyReport } from './get-agency-report';
import { metricsOf, noDelivery, sumOf } from './metrics';

/**
 * Issue 28: a report over whole days of its advertisers' clocks (by day, week, month or not by
 * time; by advertiser or campaign) reads the campaigns' days (`stats_campaign_daily`), and is
 * exactly the report of their hours (`stats_campaign_hourly`, what a report by hour reads)
 * summed into the same buckets: for advertisers in Warsaw, New York and Kathmandu (+05:45, whose
 * days start at a quarter past a UTC hour), around both changes of the clocks in March 2026, with
 * the data starting and ending within a day and the period starting or ending anywhere around it,
 * and after changes of an advertiser's time zone between batches.
 */
let t: TestApp;
let admin: string;
let agencyId: number;
/** The agency's three advertisers, each with two campaigns and a banner. */
const shops: { id: number; name: string; zone: string; campaigns: number[]; bannerId: number }[] = [];

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const db = t.database.db;
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  agencyId = await organisationId(t, 'agency', 'Demo Agency');
  const [eur] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'EUR'));
  for (const [name, zone] of [
    ['Warsaw Shop', 'Europe/Warsaw'],
    ['York Shop', 'America/New_York'],
    ['Kathmandu Shop', 'Asia/Kathmandu'],
  ] as const) {
    const [row] = await db
      .insert(advertisers)
      .values({
        name,
        code: name.toUpperCase().replace(/ /g, '-'),
        agencyId,
        timeZone: zone,
        currencyId: name === 'Warsaw Shop' ? null : (eur?.id ?? null),
      })
      .returning({ id: advertisers.id });
    const id = row?.id as number;
    const made = await db
      .insert(campaigns)
      .values(
        ['A', 'B'].map((letter) => ({
          advertiserId: id,
          name: `${name} ${letter}`,
          startDate: '2026-01-01',
          maxCpm: 500,
          dailyBudget: 10_000,
          status: 'active' as const,
        })),
      )
      .returning({ id: campaigns.id });
    shops.push({ id, name, zone, campaigns: made.map((c) => c.id), bannerId: await insertBanner(t, id) });
  }
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;
/** The data's first hour: its 30 days hold both changes of the clocks (8 March in New York, 29 March in Warsaw). */
const START = Date.parse('2026-03-01T00:00:00Z');
const zones = ['Europe/Warsaw', 'America/New_York', 'Asia/Kathmandu', 'UTC', 'Pacific/Auckland'];

const deltaArb = fc.record({
  shop: fc.nat(2),
  campaign: fc.nat(1),
  hour: fc.integer({ min: 0, max: 30 * 24 - 1 }),
  bids: fc.nat(40),
  wins: fc.nat(20),
  impressions: fc.nat(20),
  invalidImpressions: fc.nat(2),
  clicks: fc.nat(3),
  clickConversions: fc.nat(1),
  viewConversions: fc.nat(1),
  pixelConversions: fc.nat(1),
  tagConversions: fc.nat(1),
  postbackConversions: fc.nat(1),
  conversionValueMinor: fc.nat(5000),
  spendMicros: fc.nat(90_000),
  commissionMicros: fc.nat(9_000),
});
const stepArb = fc.oneof(
  fc.record({
    kind: fc.constant('batch' as const),
    deltas: fc.array(deltaArb, { minLength: 1, maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant('zone' as const), shop: fc.nat(2), zone: fc.constantFrom(...zones) }),
);
const caseArb = fc.record({
  steps: fc.array(stepArb, { minLength: 1, maxLength: 6 }),
  /** The period: from the day before the data's first on, at most 31 days (as by hour). */
  from: fc.integer({ min: 0, max: 31 }),
  days: fc.integer({ min: 1, max: 31 }),
});

/** A row's bucket of a report by hour, as the report by `time` labels it. */
function bucketOf(hourLabel: string, time: 'day' | 'week' | 'month' | 'none'): string | null {
  const day = hourLabel.slice(0, 10);
  switch (time) {
    case 'day':
      return day;
    case 'week': {
      const date = new Date(`${day}T00:00:00Z`);
      return shiftDay(day, -((date.getUTCDay() + 6) % 7));
    }
    case 'month':
      return day.slice(0, 7);
    default:
      return null;
  }
}

/**
 * The figures of rows added up, as the report shows them in a currency of these minor units (the
 * rows' counts are the sums of the same names; the counters not made here are zero).
 */
const figuresOf = (rows: AgencyReportRowDto[], minorUnits: number) => ({
  ...metricsOf(sumOf(rows.map((row) => ({ ...noDelivery, ...row }))), minorUnits),
  commissionMicros: rows.reduce((total, row) => total + row.commissionMicros, 0),
});
/** Rows in groups of the same `keyOf`, in first-seen order. */
const groupsOf = (rows: AgencyReportRowDto[], keyOf: (row: AgencyReportRowDto) => string) => {
  const groups = new Map<string, AgencyReportRowDto[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return [...groups.values()] as [AgencyReportRowDto, ...AgencyReportRowDto[]][];
};
const sortedRows = (rows: AgencyReportRowDto[]) =>
  [...rows].sort((a, b) =>
    `${a.period}|${a.advertiserId}|${a.campaignId}`.localeCompare(
      `${b.period}|${b.advertiserId}|${b.campaignId}`,
    ),
  );

describe('reports over whole days read the daily rollup', () => {
  it("equal the reports of the same hours summed, on every advertiser's clock", async () => {
    const db = t.database.db;
    const ids = shops.map((s) => s.id);
    const now = new Date('2026-04-15T12:00:00Z');
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ steps, from: fromOffset, days }) => {
        for (const table of ['stats_hourly', 'stats_campaign_hourly', 'stats_campaign_daily'])
          await db.execute(sql`delete from ${sql.identifier(table)} where advertiser_id in ${ids}`);
        for (const s of shops)
          await db.update(advertisers).set({ timeZone: s.zone }).where(eq(advertisers.id, s.id));
        for (const step of steps) {
          if (step.kind === 'batch') {
            await addHourlyStats(
              db,
              step.deltas.map(({ shop, campaign, hour, ...counters }): HourlyStatsDelta => {
                const s = shops[shop] as (typeof shops)[number];
                return {
                  hour: new Date(START + hour * HOUR_MS),
                  advertiserId: s.id,
                  campaignId: s.campaigns[campaign] as number,
                  bannerId: s.bannerId,
                  ...counters,
                };
              }),
            );
            continue;
          }
          const s = shops[step.shop] as (typeof shops)[number];
          const res = await t.call({
            method: 'PUT',
            url: `/api/admin/advertisers/${s.id}`,
            token: admin,
            payload: { name: s.name, timeZone: step.zone },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }
        const from = shiftDay('2026-02-28', fromOffset);
        const to = shiftDay(from, days - 1);
        for (const by of ['advertiser', 'campaign'] as const) {
          const plan = (time: 'hour' | 'day' | 'week' | 'month' | 'none') =>
            planAgencyReport(t.deps, agencyId, agencyReportQuery.parse({ from, to, time, by }), now);
          const hourly = await plan('hour');
          const hours = (await agencyReportRows(t.deps, hourly, {})).rows;
          const minorUnitsOf = (currency: string) =>
            [...hourly.advertisers.values()].find((a) => a.currency === currency)?.currencyMinorUnits ?? 2;
          for (const time of ['day', 'week', 'month', 'none'] as const) {
            const bucketed = hours.map((row) => ({ ...row, period: bucketOf(row.period as string, time) }));
            const { rows } = await agencyReportRows(t.deps, await plan(time), {});
            expect(sortedRows(rows)).toEqual(
              sortedRows(
                groupsOf(bucketed, (row) => `${row.period}|${row.advertiserId}|${row.campaignId}`).map(
                  (group) => ({ ...group[0], ...figuresOf(group, minorUnitsOf(group[0].currency)) }),
                ),
              ),
            );
          }
          // The totals (the daily rollup's, and the report's: its chart's days added up) are the
          // hours' per currency.
          const expectedTotals = groupsOf(hours, (row) => row.currency)
            .map((group) => ({
              currency: group[0].currency,
              ...figuresOf(group, minorUnitsOf(group[0].currency)),
            }))
            .sort((a, b) => a.currency.localeCompare(b.currency));
          expect(await agencyReportTotals(t.deps, hourly)).toEqual(expectedTotals);
          const report = await getAgencyReport(
            t.deps,
            agencyId,
            agencyReportQuery.parse({ from, to, time: 'none', by }),
            now,
          );
          expect(report.totals).toEqual(expectedTotals);
        }
      }),
      { numRuns: 30 },
    );
  });
});
