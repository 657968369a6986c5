import { advertisers, demoAccounts } from '@rtb/db';
import {
  DAY_MS,
  type DeliveryEventInput,
  dayPartitionName,
  eventPartitionNames,
  rebuildCampaignDailyStats,
  recordDeliveryEvents,
  utcDayOf,
} from '@rtb/delivery';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createCampaign, insertBanner, todayOf, validCampaign } from '../../campaigns/campaigns/test-helpers';
import { rowsOf } from '../../money/payments/test-helpers';
import { maintainEventPartitions, PARTITION_DAYS_AHEAD } from './maintain-partitions';
import { expectRollupsEqualEvents } from './test-helpers';

let t: TestApp;
let shopId: number;
let campaign: { id: number; bannerId: number };
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const [shop] = await t.database.db.select().from(advertisers).where(eq(advertisers.name, 'Demo Shop'));
  shopId = shop?.id as number;
  const today = await todayOf(t, shopId);
  const token = await t.loginAs(
    'advertiser',
    demoAccounts.advertiser.login,
    demoAccounts.advertiser.password,
  );
  const bannerId = await insertBanner(t, shopId, 'approved', 'Partitioned');
  const created = await createCampaign(
    t,
    token,
    validCampaign(today, { name: 'Partitioned', bannerIds: [bannerId] }),
  );
  campaign = { id: created.id, bannerId };
});
afterAll(() => t.close());

const record = (events: DeliveryEventInput[]) =>
  inTransaction(t.deps, (tx) => recordDeliveryEvents(tx, events));
/** An event of a bid made at `bidAt`, happening at `at`; each test its own domain. */
const bidEvent = (
  kind: DeliveryEventInput['kind'],
  bidId: string,
  bidAt: Date,
  at: Date,
  domain: string,
): DeliveryEventInput => ({
  kind,
  source: kind === 'impression' ? 'burl' : kind === 'win' ? 'nurl' : kind === 'loss' ? 'lurl' : 'click',
  occurredAt: at,
  bidAt,
  advertiserId: shopId,
  bidId,
  campaignId: campaign.id,
  bannerId: campaign.bannerId,
  userId: 'p-user',
  domain,
  ...(kind === 'impression'
    ? { clearingMicros: 700, costMicros: 1_000, marginMicros: 100, commissionMicros: 150 }
    : {}),
});
const partitionsNow = async () => new Set(await eventPartitionNames(t.database.db));
const partitionOfKey = async (key: string) =>
  rowsOf<{ p: string }>(
    await t.database.db.execute(
      sql`select tableoid::regclass::text as p from delivery_events where event_key = ${key}`,
    ),
  ).map((row) => row.p);
const rollupOf = async (domain: string) =>
  rowsOf<Record<string, string>>(
    await t.database.db.execute(sql`
      select coalesce(sum(wins), 0) as wins, coalesce(sum(impressions), 0) as impressions,
        coalesce(sum(clicks), 0) as clicks, coalesce(sum(invalid_clicks), 0) as invalid_clicks,
        coalesce(sum(spend_micros), 0) as spend, count(*) as hours
      from stats_hourly where domain = ${domain}`),
  ).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])))[0];
const at = (iso: string, plusMs = 0) => new Date(Date.parse(iso) + plusMs);

describe('delivery_events partitions', () => {
  it('keeps the rows from before the partitioning unique in their partition of their own', async () => {
    // What migration 0016 makes of a database with events: one partition before a UTC midnight,
    // its rows keyed by each bid's earliest event (the bid time was not stored), with unique
    // indexes of its own.
    await t.database.db.execute(sql`
      create table delivery_events_before_20260101 partition of delivery_events
        for values from (minvalue) to ('2026-01-01 00:00:00+00')`);
    await t.database.db.execute(
      sql`create unique index before_key on delivery_events_before_20260101 (event_key)`,
    );
    await t.database.db.execute(sql`
      create unique index before_click on delivery_events_before_20260101 (bid_id)
        where kind = 'click' and invalid_reason is null`);
    const bidAt = at('2025-12-30T23:59:59Z');
    const firstSeen = at('2025-12-31T00:00:02Z');
    await t.database.db.execute(sql`
      insert into delivery_events (event_key, kind, occurred_at, bid_id, advertiser_id, campaign_id, banner_id,
        cost_micros, source, partition_at)
      values ('impression:legacy-1', 'impression', ${firstSeen}, 'legacy-1', ${shopId}, ${campaign.id},
        ${campaign.bannerId}, 1000, 'burl', ${firstSeen})`);
    await t.database.db.execute(sql`
      insert into stats_hourly (hour, advertiser_id, campaign_id, banner_id, impressions, spend_micros)
      values ('2025-12-31 00:00:00+00', ${shopId}, ${campaign.id}, ${campaign.bannerId}, 1, 1000)`);
    await t.database.db.execute(sql`
      insert into stats_campaign_hourly (hour, advertiser_id, campaign_id, impressions, spend_micros)
      values ('2025-12-31 00:00:00+00', ${shopId}, ${campaign.id}, 1, 1000)`);
    // And its day, as migration 0026 summed the hours recorded before it.
    await rebuildCampaignDailyStats(t.database.db, shopId);
    t.deps.eventPartitions.reset();

    const results = await record([
      // The billing notice again: its token's bid time is the day before its row's key.
      bidEvent('impression', 'legacy-1', bidAt, at('2026-01-05T10:00:00Z'), 'legacy.example'),
      bidEvent('click', 'legacy-1', bidAt, at('2026-01-05T10:00:00Z'), 'legacy.example'),
    ]);
    expect(results.map((r) => [r.recorded, r.invalidReason])).toEqual([
      [false, null],
      [true, null],
    ]);
    expect(
      await record([bidEvent('click', 'legacy-1', bidAt, at('2026-01-06T10:00:00Z'), 'legacy.example')]),
    ).toMatchObject([{ recorded: true, invalidReason: 'repeated_click' }]);
    // Nothing of that bid made a day partition: its time is before the cut.
    expect((await partitionsNow()).has(dayPartitionName('2025-12-30'))).toBe(false);
  });

  it('makes the next days’ partitions ahead, and a late or early event’s day on demand', async () => {
    const now = new Date();
    const done = await maintainEventPartitions(t.deps, now);
    const expected = Array.from({ length: PARTITION_DAYS_AHEAD + 2 }, (_, i) =>
      utcDayOf(new Date(now.getTime() + (i - 1) * DAY_MS)),
    );
    expect(done.created).toEqual(expect.arrayContaining(expected.slice(1)));
    const names = await partitionsNow();
    for (const day of expected) expect(names.has(dayPartitionName(day)), day).toBe(true);
    expect((await maintainEventPartitions(t.deps, now)).created).toEqual([]);

    // A bid far ahead, its impression after midnight: kept under the bid's day, made on demand.
    const bidAt = at('2031-05-05T23:59:59Z');
    const [result] = await record([
      bidEvent('impression', 'ahead-1', bidAt, at('2031-05-06T00:00:10Z'), 'ahead.example'),
    ]);
    expect(result?.recorded).toBe(true);
    expect(await partitionOfKey('impression:ahead-1')).toEqual(['delivery_events_20310505']);
  });

  it('counts a bid’s notice once however many days later it is sent again, and one valid click per bid', async () => {
    const domain = 'retry.example';
    const bidAt = at('2031-06-01T23:59:59.500Z');
    const day = (n: number) => at('2031-06-01T12:00:00Z', n * DAY_MS);
    const first = await record([
      bidEvent('win', 'retry-1', bidAt, day(1), domain),
      bidEvent('impression', 'retry-1', bidAt, day(1), domain),
    ]);
    expect(first.map((r) => r.recorded)).toEqual([true, true]);
    expect(await record([bidEvent('click', 'retry-1', bidAt, day(2), domain)])).toMatchObject([
      { recorded: true, invalidReason: null },
    ]);
    const later = await record([
      bidEvent('win', 'retry-1', bidAt, day(3), domain),
      bidEvent('impression', 'retry-1', bidAt, day(9), domain),
    ]);
    expect(later.map((r) => r.recorded)).toEqual([false, false]);
    expect(await record([bidEvent('click', 'retry-1', bidAt, day(6), domain)])).toMatchObject([
      { recorded: true, invalidReason: 'repeated_click' },
    ]);
    expect(await partitionOfKey('impression:retry-1')).toEqual(['delivery_events_20310601']);
    expect(await rollupOf(domain)).toMatchObject({
      wins: 1,
      impressions: 1,
      clicks: 1,
      invalid_clicks: 1,
      spend: 1_000,
    });
    await expectRollupsEqualEvents(t.database.db);
  });

  it('counts an order id once when the shop sends it again on later days', async () => {
    const conversion = (occurredAt: Date): DeliveryEventInput => ({
      kind: 'conversion',
      source: 'conversion',
      occurredAt,
      advertiserId: shopId,
      orderId: 'order-replayed',
      userId: 'p-user',
      valueMinor: 5_000,
    });
    expect(await record([conversion(at('2031-07-01T23:00:00Z'))])).toMatchObject([{ recorded: true }]);
    expect(await record([conversion(at('2031-07-04T10:00:00Z'))])).toMatchObject([{ recorded: false }]);
    expect(await record([conversion(at('2031-09-01T10:00:00Z'))])).toMatchObject([{ recorded: false }]);
    const rows = rowsOf<{ n: string | number }>(
      await t.database.db.execute(
        sql`select count(*) as n from delivery_events where kind = 'conversion' and order_id = 'order-replayed'`,
      ),
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('drops whole partitions past the retention, keeping the recent events and every rollup', async () => {
    const domain = 'retention.example';
    const now = Date.now();
    const oldBid = new Date(now - 200 * DAY_MS);
    const recentBid = new Date(now - DAY_MS);
    await record([
      bidEvent('impression', 'old-1', oldBid, new Date(oldBid.getTime() + 1_000), domain),
      bidEvent('impression', 'recent-1', recentBid, new Date(recentBid.getTime() + 1_000), domain),
    ]);
    const oldPartition = dayPartitionName(utcDayOf(oldBid));
    expect(await partitionOfKey('impression:old-1')).toEqual([oldPartition]);
    const rollupsBefore = await rollupOf(domain);
    expect(rollupsBefore).toMatchObject({ impressions: 2, hours: 2 });

    // 250 days on, with 400 days kept: the old bid's day is past, yesterday's is not.
    const done = await maintainEventPartitions(t.deps, new Date(now + 250 * DAY_MS));
    expect(done.dropped).toContain(oldPartition);
    expect(done.dropped).toContain('delivery_events_before_20260101');
    expect(done.dropped).not.toContain(dayPartitionName(utcDayOf(recentBid)));
    expect((await partitionsNow()).has(oldPartition)).toBe(false);
    expect(await partitionOfKey('impression:old-1')).toEqual([]);
    expect(await partitionOfKey('impression:recent-1')).toEqual([dayPartitionName(utcDayOf(recentBid))]);
    expect(await rollupOf(domain)).toEqual(rollupsBefore);

    // A bid older than the retention (today's) is not recorded, and makes no partition.
    const tooOld = new Date(now - 401 * DAY_MS);
    expect(await record([bidEvent('impression', 'too-old', tooOld, new Date(now), domain)])).toMatchObject([
      { recorded: false },
    ]);
    expect((await partitionsNow()).has(dayPartitionName(utcDayOf(tooOld)))).toBe(false);
    expect(await rollupOf(domain)).toEqual(rollupsBefore);
  });
});
