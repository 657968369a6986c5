import { advertisers, campaigns, demoAccounts, statsCampaignDaily } from '@rtb/db';
import { addHourlyStats, type HourlyStatsDelta } from '@rtb/delivery';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertBanner } from '../../campaigns/campaigns/test-helpers';
import { expectDailyRollupsEqualHours } from './test-helpers';

/**
 * Issue 28: the campaigns' days of their advertiser's clock (`stats_campaign_daily`, what reports
 * over whole days read) are written with the hourly rollups and counted again when the
 * advertiser's time zone changes, also while batches of events are being recorded.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
});
afterAll(() => t.close());

/** An advertiser of its own (in Warsaw) with a campaign and its banner. */
async function shop(name: string) {
  const db = t.database.db;
  const [advertiser] = await db
    .insert(advertisers)
    .values({ name, code: name.toUpperCase().replace(/ /g, '-'), timeZone: 'Europe/Warsaw' })
    .returning({ id: advertisers.id });
  const advertiserId = advertiser?.id as number;
  const [campaign] = await db
    .insert(campaigns)
    .values({
      advertiserId,
      name: `${name} campaign`,
      startDate: '2026-01-01',
      maxCpm: 500,
      dailyBudget: 10_000,
      status: 'active',
    })
    .returning({ id: campaigns.id });
  return {
    name,
    advertiserId,
    campaignId: campaign?.id as number,
    bannerId: await insertBanner(t, advertiserId),
  };
}

const setTimeZone = async (of: { name: string; advertiserId: number }, timeZone: string) => {
  const res = await t.call({
    method: 'PUT',
    url: `/api/admin/advertisers/${of.advertiserId}`,
    token: admin,
    payload: { name: of.name, timeZone },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const daysOf = async (advertiserId: number) =>
  (
    await t.database.db
      .select({ day: statsCampaignDaily.day, impressions: statsCampaignDaily.impressions })
      .from(statsCampaignDaily)
      .where(eq(statsCampaignDaily.advertiserId, advertiserId))
      .orderBy(asc(statsCampaignDaily.day))
  ).map(({ day, impressions }) => [day, impressions]);

describe("the campaigns' days of their advertiser's clock", () => {
  it("count the advertiser's past hours again in its new days when its time zone changes", async () => {
    const s = await shop('Zone Shop');
    const at = (hour: string, impressions: number): HourlyStatsDelta => ({
      hour: new Date(hour),
      advertiserId: s.advertiserId,
      campaignId: s.campaignId,
      bannerId: s.bannerId,
      impressions,
    });
    // Midnight of 11 February in Warsaw (18:00 on the 10th in New York), then 07:00 (01:00).
    await addHourlyStats(t.database.db, [at('2026-02-10T23:00:00Z', 5), at('2026-02-11T06:00:00Z', 7)]);
    expect(await daysOf(s.advertiserId)).toEqual([['2026-02-11', 12]]);

    await setTimeZone(s, 'America/New_York');
    expect(await daysOf(s.advertiserId)).toEqual([
      ['2026-02-10', 5],
      ['2026-02-11', 7],
    ]);
    // Hours recorded from now on count in the new days too.
    await addHourlyStats(t.database.db, [at('2026-02-11T04:00:00Z', 1)]);
    expect(await daysOf(s.advertiserId)).toEqual([
      ['2026-02-10', 6],
      ['2026-02-11', 7],
    ]);
    await expectDailyRollupsEqualHours(t.database.db);
  });

  it('equal their hours after batches recorded while the time zone changes back and forth', async () => {
    const s = await shop('Busy Shop');
    const zones = ['Asia/Kathmandu', 'America/New_York', 'Europe/Warsaw', 'Pacific/Auckland'];
    // Each batch in a transaction of its own, started one after another and held open a while
    // after its rows: on PostgreSQL the changes of time zone run between them (PGlite runs one
    // transaction at a time).
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const batch = async (i: number) => {
      await pause(i * 5);
      await inTransaction(t.deps, async (tx) => {
        await addHourlyStats(tx.db, [
          {
            hour: new Date(Date.parse('2026-02-10T00:00:00Z') + i * 11 * 3_600_000),
            advertiserId: s.advertiserId,
            campaignId: s.campaignId,
            bannerId: s.bannerId,
            impressions: 1 + (i % 5),
            spendMicros: 1000 * i,
          },
        ]);
        await pause(5 + ((i * 3) % 11));
      });
    };
    await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => batch(i)),
      (async () => {
        for (const zone of [...zones, ...zones]) await setTimeZone(s, zone);
      })(),
    ]);
    await expectDailyRollupsEqualHours(t.database.db);
  });
});
