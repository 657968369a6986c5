import { advertisers, demoAccounts } from '@rtb/db';
import { confirmHeld, type DeliveryEventInput, recordDeliveryEvents } from '@rtb/delivery';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createCampaign, insertBanner, todayOf, validCampaign } from '../../campaigns/campaigns/test-helpers';
import { rowsOf } from '../../money/payments/test-helpers';
import { accountActor } from '../../platform/activity-logs/service';
import { getReport } from '../../reporting/reports/get-report';
import { changeConversionSettings } from './service';
import { expectRollupsEqualEvents } from './test-helpers';

/**
 * Issue 16, data: the hourly rollups (and issue 28's days of the advertiser's clock summed from
 * them) equal the raw events after random streams recorded through
 * the real recording path (wins, losses, impressions valid and not, clicks and repeated clicks,
 * conversions after a click or a view from the pixel, the tag and postbacks, retries and
 * duplicates, late events out of order), around both changes of Europe/Warsaw's clock in 2026;
 * and a report day in Warsaw sums its own hours. Issue 25: browser conversions above the maximum
 * order value, past the user's hourly limit or too soon after their click are held out of the
 * rollups, and confirming them (by a user or a postback, each sent again) adds each once.
 */
let t: TestApp;
let shopId: number;
const campaigns: { id: number; bannerId: number }[] = [];
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const [shop] = await t.database.db.select().from(advertisers).where(eq(advertisers.name, 'Demo Shop'));
  shopId = shop?.id as number;
  expect(shop?.timeZone).toBe('Europe/Warsaw');
  const today = await todayOf(t, shopId);
  const token = await t.loginAs(
    'advertiser',
    demoAccounts.advertiser.login,
    demoAccounts.advertiser.password,
  );
  // Browser conversions worth more than 6,000.00 PLN are held (the streams' go up to 10,000.00).
  await inTransaction(t.deps, (tx) =>
    changeConversionSettings(tx, shopId, { maxOrderValueMinor: MAX_ORDER_VALUE }, accountActor()),
  );
  for (const name of ['Random A', 'Random B', 'Every hour']) {
    const bannerId = await insertBanner(t, shopId, 'approved', name);
    const campaign = await createCampaign(t, token, validCampaign(today, { name, bannerIds: [bannerId] }));
    campaigns.push({ id: campaign.id, bannerId });
  }
});
afterAll(() => t.close());

const MAX_ORDER_VALUE = 600_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 36 hours from 18:00 UTC the day before each change: 2026-03-29 02:00 -> 03:00, 2026-10-25 03:00 -> 02:00 (local). */
const WINDOWS = [Date.parse('2026-03-28T18:00:00Z'), Date.parse('2026-10-24T18:00:00Z')];
const instant = fc
  .record({ window: fc.integer({ min: 0, max: 1 }), ms: fc.integer({ min: 0, max: 36 * HOUR - 1 }) })
  .map(({ window, ms }) => new Date((WINDOWS[window] as number) + ms));

/** Where a conversion comes from: the pixel, the tag (both checked) or a postback (trusted). */
const sourceArb = fc.constantFrom('conversion' as const, 'tag' as const, 'postback' as const);

const bidArb = fc.record({
  at: instant,
  campaign: fc.integer({ min: 0, max: 1 }),
  /** A test request's token: every event of the bid is invalid. */
  test: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  win: fc.boolean(),
  loss: fc.boolean(),
  impression: fc.constantFrom('none', 'valid', 'valid', 'valid', 'bot', 'test'),
  /** Our pixel in the browser: it bills nothing, but a bot's render makes the impression the bot's. */
  render: fc.constantFrom('none', 'valid', 'bot'),
  /** A dynamic banner's products (keys), or another banner's none. */
  products: fc.constantFrom(null, [101], [101, 102, 103], [103, 104]),
  /** After the bid: a late billing notice may be the next day. */
  impressionAfter: fc.integer({ min: 0, max: 30 * HOUR }),
  clicks: fc.array(
    fc.record({ after: fc.integer({ min: 0, max: 40 * HOUR }), bot: fc.boolean(), product: fc.nat(2) }),
    { maxLength: 3 },
  ),
  user: fc.constantFrom('u1', 'u2', 'u3', null),
  /** The bid's user buys this long after its first click (an order of its own; seconds after it is held). */
  purchase: fc.option(
    fc.record({
      after: fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 2 * HOUR })),
      value: fc.integer({ min: 0, max: 1_000_000 }),
      source: sourceArb,
    }),
  ),
  country: fc.constantFrom('PL', 'DE', null),
  device: fc.constantFrom('desktop', 'mobile', null),
  domain: fc.constantFrom('news.example', 'shop.example'),
  cost: fc.integer({ min: 0, max: 90_000 }),
});
const conversionArb = fc.record({
  at: instant,
  user: fc.constantFrom('u1', 'u2', 'u3', null),
  /** A small pool shared by every run: orders come again, on other days. */
  order: fc.integer({ min: 1, max: 25 }),
  value: fc.integer({ min: 0, max: 1_000_000 }),
  bot: fc.boolean(),
  source: sourceArb,
});
const streamArb = fc.record({
  bids: fc.array(bidArb, { minLength: 1, maxLength: 14 }),
  conversions: fc.array(conversionArb, { maxLength: 5 }),
  /** Copies of events sent again (up to two days later) and how late each arrives. */
  retries: fc.array(fc.record({ pick: fc.nat(), after: fc.integer({ min: 0, max: 48 * HOUR }) }), {
    maxLength: 8,
  }),
  delays: fc.array(fc.integer({ min: 0, max: 6 * HOUR }), { minLength: 64, maxLength: 64 }),
  batchSizes: fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 64, maxLength: 64 }),
  /** One user's orders one after another, a minute apart (past the hourly limit of the browser's). */
  burst: fc.option(
    fc.record({
      at: instant,
      user: fc.constantFrom('u1', 'u2', 'u3'),
      orders: fc.integer({ min: 2, max: 6 }),
      source: sourceArb,
    }),
  ),
  /** Held conversions confirmed afterwards (picked among those held), each sent this many times. */
  confirmations: fc.array(
    fc.record({
      pick: fc.nat(),
      by: fc.constantFrom('user' as const, 'postback' as const),
      value: fc.integer({ min: 0, max: 2_000_000 }),
      times: fc.integer({ min: 1, max: 3 }),
    }),
    { maxLength: 4 },
  ),
});

let runs = 0;
/** The events of a stream in the order they arrive (each late by its delay), cut into batches. */
function eventsOf(stream: Stream) {
  runs += 1;
  const events: { event: DeliveryEventInput; arrives: number }[] = [];
  stream.bids.forEach((bid, i) => {
    const campaign = campaigns[bid.campaign] as (typeof campaigns)[number];
    const bidId = `r${runs}-b${i}`;
    const invalid = bid.test ? ('test' as const) : null;
    const of = (
      kind: DeliveryEventInput['kind'],
      after: number,
      change: Partial<DeliveryEventInput> = {},
    ) => ({
      kind,
      source:
        kind === 'impression'
          ? ('burl' as const)
          : kind === 'win'
            ? ('nurl' as const)
            : kind === 'loss'
              ? ('lurl' as const)
              : kind === 'render'
                ? ('pixel' as const)
                : ('click' as const),
      occurredAt: new Date(bid.at.getTime() + after),
      advertiserId: shopId,
      bidId,
      bidAt: bid.at,
      campaignId: campaign.id,
      bannerId: campaign.bannerId,
      userId: bid.user,
      country: bid.country,
      deviceType: bid.device,
      domain: bid.domain,
      invalidReason: invalid,
      ...change,
    });
    if (bid.win) events.push({ event: of('win', 1_000, { clearingMicros: bid.cost }), arrives: 0 });
    if (bid.loss) events.push({ event: of('loss', 1_000, { lossReason: 102 }), arrives: 0 });
    if (bid.impression !== 'none')
      events.push({
        event: of('impression', bid.impressionAfter, {
          clearingMicros: Math.floor(bid.cost * 0.75),
          costMicros: bid.cost,
          marginMicros: Math.floor(bid.cost * 0.1),
          commissionMicros: Math.floor(bid.cost * 0.15),
          invalidReason: invalid ?? (bid.impression === 'valid' ? null : (bid.impression as 'bot' | 'test')),
          productKeys: bid.products,
        }),
        arrives: 0,
      });
    if (bid.render !== 'none')
      events.push({
        event: of('render', bid.impressionAfter, {
          invalidReason: invalid ?? (bid.render === 'bot' ? 'bot' : null),
          productKeys: bid.products,
        }),
        arrives: 0,
      });
    for (const click of bid.clicks)
      events.push({
        event: of('click', bid.impressionAfter + click.after, {
          ...(click.bot ? { invalidReason: invalid ?? 'bot' } : {}),
          productKeys: bid.products && [bid.products[click.product % bid.products.length] as number],
        }),
        arrives: 0,
      });
    const [firstClick] = bid.clicks;
    if (bid.purchase && firstClick)
      events.push({
        event: {
          kind: 'conversion',
          source: bid.purchase.source,
          occurredAt: new Date(
            bid.at.getTime() + bid.impressionAfter + firstClick.after + bid.purchase.after,
          ),
          advertiserId: shopId,
          orderId: `${bidId}-order`,
          userId: bid.user,
          valueMinor: bid.purchase.value,
        },
        arrives: 0,
      });
  });
  for (const c of stream.conversions)
    events.push({
      event: {
        kind: 'conversion',
        source: c.source,
        occurredAt: c.at,
        advertiserId: shopId,
        orderId: `order-${c.order}`,
        userId: c.user,
        valueMinor: c.value,
        invalidReason: c.bot ? 'bot' : null,
      },
      arrives: 0,
    });
  for (let i = 0; i < (stream.burst?.orders ?? 0); i += 1) {
    const burst = stream.burst as NonNullable<Stream['burst']>;
    events.push({
      event: {
        kind: 'conversion',
        source: burst.source,
        occurredAt: new Date(burst.at.getTime() + i * MINUTE),
        advertiserId: shopId,
        orderId: `r${runs}-burst-${i}`,
        userId: burst.user,
        valueMinor: 10_000,
      },
      arrives: 0,
    });
  }
  for (const retry of stream.retries) {
    const original = events[retry.pick % events.length];
    if (!original || original.event.kind === 'click') continue; // a click sent again is another click
    events.push({
      event: { ...original.event, occurredAt: new Date(original.event.occurredAt.getTime() + retry.after) },
      arrives: 0,
    });
  }
  events.forEach((e, i) => {
    e.arrives = e.event.occurredAt.getTime() + (stream.delays[i % stream.delays.length] as number);
  });
  const ordered = events.sort((a, b) => a.arrives - b.arrives).map((e) => e.event);
  const batches: DeliveryEventInput[][] = [];
  for (let i = 0, b = 0; i < ordered.length; b += 1) {
    const size = stream.batchSizes[b % stream.batchSizes.length] as number;
    batches.push(ordered.slice(i, i + size));
    i += size;
  }
  return batches;
}

/**
 * The bids (by index) whose impression a bot's render came before (in an earlier batch, or the
 * same): the impression is the bot's, never billed.
 */
function billedByBots(batches: DeliveryEventInput[][]): Set<number> {
  const botRenders = new Set<string>();
  const billed = new Set<string>();
  const botsFirst = new Set<number>();
  for (const batch of batches) {
    for (const event of batch)
      if (event.kind === 'render' && event.invalidReason === 'bot') botRenders.add(event.bidId as string);
    for (const event of batch) {
      const bidId = event.bidId as string;
      if (event.kind !== 'impression' || billed.has(bidId)) continue;
      billed.add(bidId);
      if (botRenders.has(bidId)) botsFirst.add(Number(/-b(\d+)$/.exec(bidId)?.[1]));
    }
  }
  return botsFirst;
}
type Stream = typeof streamArb extends fc.Arbitrary<infer S> ? S : never;

const record = (events: DeliveryEventInput[]) =>
  inTransaction(t.deps, (tx) => recordDeliveryEvents(tx, events));
const duplicates = async () =>
  rowsOf(
    await t.database.db.execute(sql`
      select 'key' as what, event_key as k from delivery_events group by event_key having count(*) > 1
      union all
      select 'order', order_id from delivery_events where kind = 'conversion' and invalid_reason is null
        group by advertiser_id, order_id having count(*) > 1
      union all
      select 'valid click', bid_id from delivery_events where kind = 'click' and invalid_reason is null
        group by bid_id having count(*) > 1`),
  );

/** Valid sums by day of Europe/Warsaw, straight from the raw events. */
async function rawByWarsawDay(): Promise<Map<string, Record<string, number>>> {
  const rows = rowsOf<Record<string, string | number>>(
    await t.database.db.execute(sql`
      select to_char(occurred_at at time zone 'Europe/Warsaw', 'YYYY-MM-DD') as day,
        count(*) filter (where kind = 'win' and invalid_reason is null) as wins,
        count(*) filter (where kind = 'impression' and invalid_reason is null) as impressions,
        count(*) filter (where kind = 'click' and invalid_reason is null) as clicks,
        coalesce(sum(cost_micros) filter (where kind = 'impression' and invalid_reason is null), 0) as "spendMicros",
        count(*) filter (where kind = 'conversion' and invalid_reason is null and attribution = 'click') as "clickConversions",
        count(*) filter (where kind = 'conversion' and invalid_reason is null and attribution = 'view') as "viewConversions",
        coalesce(sum(value_minor) filter (where kind = 'conversion' and invalid_reason is null and attribution is not null), 0)
          as "conversionValueMinor"
      from delivery_events where advertiser_id = ${shopId} and campaign_id is not null group by 1`),
  );
  return new Map(
    rows.map(({ day, ...sums }) => [
      String(day),
      Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, Number(v)])),
    ]),
  );
}

const METRICS = [
  'wins',
  'impressions',
  'clicks',
  'spendMicros',
  'clickConversions',
  'viewConversions',
  'conversionValueMinor',
] as const;
const totals = async () =>
  rowsOf<Record<string, string>>(
    await t.database.db.execute(sql`
      select coalesce(sum(wins), 0) as wins, coalesce(sum(impressions), 0) as impressions,
        coalesce(sum(spend_micros), 0) as spend from stats_hourly`),
  )[0] as Record<string, string>;

/** The rollups' conversions and their value, summed. */
const conversionTotals = async () => {
  const [row] = rowsOf<Record<string, string>>(
    await t.database.db.execute(sql`
      select coalesce(sum(click_conversions + view_conversions), 0) as conversions,
        coalesce(sum(conversion_value_minor), 0) as value from stats_campaign_hourly`),
  );
  return { conversions: Number(row?.conversions), value: Number(row?.value) };
};

/**
 * Confirms some of the shop's held conversions, each sent again `times` times in transactions of
 * their own: each adds its conversion (when attributed) and value to the rollups exactly once, a
 * postback's with its own value, a user's with the held one.
 */
async function confirmSome(confirmations: Stream['confirmations']) {
  const before = await conversionTotals();
  let added = { conversions: 0, value: 0 };
  for (const pick of confirmations) {
    const heldRows = rowsOf<{ order_id: string; value_minor: string | null; occurred_at: string | Date }>(
      await t.database.db.execute(sql`
        select order_id, value_minor, occurred_at from conversion_orders
        where advertiser_id = ${shopId} and status = 'held' order by id`),
    );
    const chosen = heldRows[pick.pick % Math.max(heldRows.length, 1)];
    if (!chosen) continue;
    const results = [];
    for (let i = 0; i < pick.times; i += 1)
      results.push(
        await inTransaction(t.deps, (tx) =>
          confirmHeld(
            tx,
            shopId,
            { orderId: chosen.order_id },
            pick.by === 'user'
              ? { kind: 'user', accountId: null }
              : { kind: 'postback', valueMinor: pick.value, userId: null },
            // Soon after it happened (the streams are in 2026): within the days it may be confirmed.
            new Date(new Date(chosen.occurred_at).getTime() + 86_400_000),
          ),
        ),
      );
    const [first, ...again] = results;
    expect(first).not.toBeNull();
    expect(again.every((result) => result === null)).toBe(true);
    if (first?.recorded.attribution)
      added = {
        conversions: added.conversions + 1,
        value: added.value + (pick.by === 'user' ? Number(chosen.value_minor ?? 0) : pick.value),
      };
  }
  const after = await conversionTotals();
  expect({ conversions: after.conversions - before.conversions, value: after.value - before.value }).toEqual(
    added,
  );
  await expectRollupsEqualEvents(t.database.db);
  expect(await duplicates()).toEqual([]);
}

describe('hourly rollups', () => {
  it('equal the raw events after random streams, retried, late and out of order, across the DST changes', async () => {
    await fc.assert(
      fc.asyncProperty(streamArb, async (stream) => {
        const before = await totals();
        const batches = eventsOf(stream);
        for (const batch of batches) await record(batch);
        await expectRollupsEqualEvents(t.database.db);
        expect(await duplicates()).toEqual([]);
        await confirmSome(stream.confirmations);
        // What the stream should add, from the stream alone: each bid's win and billed impression once.
        const after = await totals();
        const valid = stream.bids.filter((bid) => !bid.test);
        const botsFirst = billedByBots(batches);
        const billed = valid.filter(
          (bid) => bid.impression === 'valid' && !botsFirst.has(stream.bids.indexOf(bid)),
        );
        expect(Number(after.wins) - Number(before.wins)).toBe(valid.filter((bid) => bid.win).length);
        expect(Number(after.impressions) - Number(before.impressions)).toBe(billed.length);
        expect(Number(after.spend) - Number(before.spend)).toBe(
          billed.reduce((sum, bid) => sum + bid.cost, 0),
        );
      }),
      { numRuns: 25, seed: 16_2026, endOnFailure: true },
    );
    // The streams reached every figure of the products' rollup (the comparison above was not of empty tables).
    const [products] = rowsOf<Record<string, string>>(
      await t.database.db.execute(sql`
        select sum(impressions) as impressions, sum(clicks) as clicks, sum(click_conversions) as conversions
        from stats_product_hourly`),
    );
    for (const figure of ['impressions', 'clicks', 'conversions'])
      expect(Number(products?.[figure]), figure).toBeGreaterThan(0);
    // The streams held conversions for each reason, and confirmed some.
    const [held] = rowsOf<Record<string, string>>(
      await t.database.db.execute(sql`
        select count(*) filter (where 'value_above_maximum' = any(hold_reasons)) as value,
          count(*) filter (where 'too_many_from_user' = any(hold_reasons)) as many,
          count(*) filter (where 'too_soon_after_click' = any(hold_reasons)) as soon,
          count(*) filter (where status = 'confirmed') as confirmed
        from conversion_orders where advertiser_id = ${shopId}`),
    );
    for (const figure of ['value', 'many', 'soon', 'confirmed'])
      expect(Number(held?.[figure]), figure).toBeGreaterThan(0);
  }, 60_000);

  it('sum the hours of each Europe/Warsaw day, 23 and 25 of them across the changes, as the report shows', async () => {
    // One billed impression of the third campaign in every UTC hour around both changes.
    const every = campaigns[2] as (typeof campaigns)[number];
    const hours = [
      ...Array.from({ length: 5 * 24 }, (_, h) => Date.parse('2026-03-27T00:00:00Z') + h * HOUR),
      ...Array.from({ length: 5 * 24 }, (_, h) => Date.parse('2026-10-23T00:00:00Z') + h * HOUR),
    ];
    await record(
      hours.map((at, h) => ({
        kind: 'impression',
        source: 'burl',
        occurredAt: new Date(at + 30 * MINUTE),
        bidAt: new Date(at + 29 * MINUTE),
        advertiserId: shopId,
        bidId: `hourly-${h}`,
        campaignId: every.id,
        bannerId: every.bannerId,
        costMicros: 1_000,
      })),
    );
    const byDay = { time: 'day', by: 'none', compare: 'none', page: 1, perPage: 25 } as const;
    const impressionsByDay = async (from: string, to: string) =>
      Object.fromEntries(
        (await getReport(t.deps, shopId, { ...byDay, from, to, campaignId: every.id })).chart.map((d) => [
          d.period,
          d.impressions,
        ]),
      );
    expect(await impressionsByDay('2026-03-28', '2026-03-30')).toEqual({
      '2026-03-28': 24,
      '2026-03-29': 23,
      '2026-03-30': 24,
    });
    expect(await impressionsByDay('2026-10-24', '2026-10-26')).toEqual({
      '2026-10-24': 24,
      '2026-10-25': 25,
      '2026-10-26': 24,
    });

    // And the whole advertiser's report (the random streams too) equals the raw events by local day.
    const raw = await rawByWarsawDay();
    for (const [from, to] of [
      ['2026-03-27', '2026-03-31'],
      ['2026-10-23', '2026-10-27'],
    ] as const) {
      const report = await getReport(t.deps, shopId, { ...byDay, from, to });
      for (const day of report.chart) {
        const expected = raw.get(day.period) ?? {};
        expect(Object.fromEntries(METRICS.map((m) => [m, day[m]])), day.period).toEqual(
          Object.fromEntries(METRICS.map((m) => [m, expected[m] ?? 0])),
        );
      }
    }
    await expectRollupsEqualEvents(t.database.db);
  });
});
