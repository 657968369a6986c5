import { advertisers, demoAccounts } from '@rtb/db';
import { type DeliveryEventInput, recordDeliveryEvents } from '@rtb/delivery';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createCampaign, insertBanner, todayOf, validCampaign } from '../../campaigns/campaigns/test-helpers';
import { expectLedgerInvariants, rowsOf } from '../../money/payments/test-helpers';
import { expectRollupsEqualEvents } from './test-helpers';

let t: TestApp;
let shopId: number;
let today: string;
let token: string;
const campaigns: { id: number; bannerId: number }[] = [];
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const [shop] = await t.database.db.select().from(advertisers).where(eq(advertisers.name, 'Demo Shop'));
  shopId = shop?.id as number;
  today = await todayOf(t, shopId);
  token = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  for (const name of ['First', 'Second']) {
    const bannerId = await insertBanner(t, shopId, 'approved', name);
    const campaign = await createCampaign(t, token, validCampaign(today, { name, bannerIds: [bannerId] }));
    campaigns.push({ id: campaign.id, bannerId });
  }
});
afterAll(() => t.close());

const T = new Date('2030-03-01T12:00:00Z');
const at = (ms: number) => new Date(T.getTime() + ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let bids = 0;
const newBid = () => `bid-${++bids}`;
/** Each bid's time (its token's): a second before the first event of it. */
const bidTimes = new Map<string, Date>();
const bidTimeOf = (bidId: string, occurredAt: Date) => {
  const at = bidTimes.get(bidId) ?? new Date(occurredAt.getTime() - 1_000);
  bidTimes.set(bidId, at);
  return at;
};

/** An event of a bid of the first (or given) campaign. */
function bidEvent(
  kind: DeliveryEventInput['kind'],
  bidId: string,
  change: Partial<DeliveryEventInput> = {},
  campaign = campaigns[0],
): DeliveryEventInput {
  return {
    kind,
    source: kind === 'impression' ? 'burl' : kind === 'win' ? 'nurl' : kind === 'loss' ? 'lurl' : 'click',
    occurredAt: T,
    advertiserId: shopId,
    bidId,
    campaignId: campaign?.id,
    bannerId: campaign?.bannerId,
    day: today,
    country: 'PL',
    deviceType: 'desktop',
    domain: 'news.example',
    ...(kind === 'impression'
      ? { clearingMicros: 1_234, costMicros: 1_653, marginMicros: 172, commissionMicros: 247 }
      : {}),
    ...change,
    bidAt: change.bidAt ?? bidTimeOf(bidId, change.occurredAt ?? T),
  };
}
const conversion = (orderId: string, userId: string | null, change: Partial<DeliveryEventInput> = {}) =>
  ({
    kind: 'conversion',
    source: 'conversion',
    occurredAt: T,
    advertiserId: shopId,
    orderId,
    userId,
    valueMinor: 12_345,
    ...change,
  }) satisfies DeliveryEventInput;

const record = (events: DeliveryEventInput[]) =>
  inTransaction(t.deps, (tx) => recordDeliveryEvents(tx, events));
const eventRow = async (key: string) => {
  const rows = rowsOf<Record<string, unknown>>(
    await t.database.db.execute(sql`select * from delivery_events where event_key = ${key}`),
  );
  return rows[0];
};

describe('recording delivery events', () => {
  it('counts each key once: in one batch (billing notice and pixel) and when sent again', async () => {
    const bid = newBid();
    const batch = [
      bidEvent('win', bid),
      bidEvent('win', bid),
      bidEvent('impression', bid),
      bidEvent('impression', bid, { source: 'pixel' }),
    ];
    expect((await record(batch)).map((r) => [r.eventKey, r.recorded])).toEqual([
      [`win:${bid}`, true],
      [`win:${bid}`, false],
      [`impression:${bid}`, true],
      [`impression:${bid}`, false],
    ]);
    expect((await record(batch)).map((r) => r.recorded)).toEqual([false, false, false, false]);
    expect(await eventRow(`impression:${bid}`)).toMatchObject({ source: 'burl', invalid_reason: null });
  });

  it('records an impression not billed (bot, test) without its cost', async () => {
    const bid = newBid();
    const [result] = await record([bidEvent('impression', bid, { invalidReason: 'bot' })]);
    expect(result).toMatchObject({ recorded: true, invalidReason: 'bot' });
    const row = await eventRow(`impression:${bid}`);
    expect([row?.cost_micros, row?.margin_micros, row?.commission_micros].map(Number)).toEqual([0, 0, 0]);
    // A click on it has no valid impression.
    const [click] = await record([bidEvent('click', bid)]);
    expect(click).toMatchObject({ recorded: true, invalidReason: 'no_impression' });
  });

  it('counts one valid click per impression, the impression of the same batch included', async () => {
    const bid = newBid();
    const [, first, second] = await record([
      bidEvent('impression', bid),
      bidEvent('click', bid),
      bidEvent('click', bid),
    ]);
    expect(first).toMatchObject({ recorded: true, invalidReason: null });
    expect(second).toMatchObject({ recorded: true, invalidReason: 'repeated_click' });
    expect(await record([bidEvent('click', bid)])).toMatchObject([{ invalidReason: 'repeated_click' }]);
    expect(await record([bidEvent('click', newBid())])).toMatchObject([{ invalidReason: 'no_impression' }]);
    expect(await record([bidEvent('click', bid, { invalidReason: 'test' })])).toMatchObject([
      { invalidReason: 'test' },
    ]);
  });

  it('attributes a conversion to the last click within 7 days, else the last impression within a day (the default windows)', async () => {
    const [first, second] = campaigns;
    const clicked = newBid();
    const viewed = newBid();
    // Clicked 6 days before on the second campaign; seen 20 hours before on the first.
    await record([
      bidEvent('impression', clicked, { userId: 'u1', occurredAt: at(-6 * DAY - HOUR) }, second),
      bidEvent('click', clicked, { userId: 'u1', occurredAt: at(-6 * DAY) }, second),
      bidEvent('impression', viewed, { userId: 'u1', occurredAt: at(-20 * HOUR) }),
      bidEvent('impression', newBid(), { userId: 'u2', occurredAt: at(-20 * HOUR) }),
    ]);
    // Too old: a click 8 days and an impression 25 hours before.
    const old = newBid();
    await record([
      bidEvent('impression', old, { userId: 'u3', occurredAt: at(-8 * DAY - HOUR) }),
      bidEvent('click', old, { userId: 'u3', occurredAt: at(-8 * DAY) }),
      bidEvent('impression', newBid(), { userId: 'u3', occurredAt: at(-25 * HOUR) }),
      // Later than the conversion: not what led to it.
      bidEvent('impression', newBid(), { userId: 'u4', occurredAt: at(HOUR) }),
    ]);
    const results = await record([
      conversion('order-1', 'u1'),
      conversion('order-2', 'u2'),
      conversion('order-3', 'u3'),
      conversion('order-4', 'u4'),
      conversion('order-5', null),
      conversion('order-1', 'u2'),
    ]);
    expect(results.map((r) => [r.recorded, r.attribution])).toEqual([
      [true, 'click'],
      [true, 'view'],
      [true, null],
      [true, null],
      [true, null],
      [false, null],
    ]);
    expect(await eventRow(`conversion:${shopId}:order-1`)).toMatchObject({
      bid_id: clicked,
      campaign_id: expect.anything(),
      attribution: 'click',
      user_id: 'u1',
    });
    expect(Number((await eventRow(`conversion:${shopId}:order-1`))?.campaign_id)).toBe(second?.id);
    expect(Number((await eventRow(`conversion:${shopId}:order-2`))?.campaign_id)).toBe(first?.id);
    expect((await eventRow(`conversion:${shopId}:order-3`))?.campaign_id).toBeNull();
    // Deduplicated by order id, whoever sends it again.
    expect(await record([conversion('order-2', 'u1')])).toMatchObject([{ recorded: false }]);
  });

  it('holds each click and impression to its own campaign’s attribution windows', async () => {
    // The first campaign has the default windows: 7 days after a click, 1 after an impression.
    const standard = campaigns[0] as (typeof campaigns)[number];
    const withWindows = async (name: string, clickWindowDays: number, viewWindowDays: number) => {
      const bannerId = await insertBanner(t, shopId, 'approved', name);
      const created = await createCampaign(
        t,
        token,
        validCampaign(today, { name, bannerIds: [bannerId], clickWindowDays, viewWindowDays }),
      );
      return { id: created.id, bannerId };
    };
    const long = await withWindows('Long', 14, 0);
    const brief = await withWindows('Brief', 1, 1);
    /** A bid of the campaign shown to the user `ago` before the conversion, clicked when `click`. */
    const touch = (user: string, campaign: typeof standard, ago: number, click: boolean) => {
      const bid = newBid();
      const shown = bidEvent('impression', bid, { userId: user, occurredAt: at(-ago - HOUR) }, campaign);
      const clicked = bidEvent('click', bid, { userId: user, occurredAt: at(-ago) }, campaign);
      return { bid, events: click ? [shown, clicked] : [shown] };
    };
    // w1: clicked 10 days before on a campaign of 14 days. w2: the same on one of 7 days, then
    // seen 12 hours before (the 7-day campaign credits impressions for a day).
    const longClick = touch('w1', long, 10 * DAY, true);
    const standardClick = touch('w2', standard, 10 * DAY, true);
    const recentView = touch('w2', standard, 12 * HOUR, false);
    // w3: seen an hour before on a campaign that never credits impressions.
    const noViews = touch('w3', long, HOUR, false);
    // w4: a click 3 days before outside its 1-day window does not hide one 10 days before in 14.
    const olderInside = touch('w4', long, 10 * DAY, true);
    const newerOutside = touch('w4', brief, 3 * DAY, true);
    await record(
      [longClick, standardClick, recentView, noViews, olderInside, newerOutside].flatMap(
        (touched) => touched.events,
      ),
    );
    const results = await record([
      conversion('window-1', 'w1'),
      conversion('window-2', 'w2'),
      conversion('window-3', 'w3'),
      conversion('window-4', 'w4'),
    ]);
    expect(results.map((r) => r.attribution)).toEqual(['click', 'view', null, 'click']);
    const credited = async (order: string) => {
      const row = await eventRow(`conversion:${shopId}:${order}`);
      return [row?.bid_id ?? null, row?.campaign_id == null ? null : Number(row.campaign_id)];
    };
    expect(await credited('window-1')).toEqual([longClick.bid, long.id]);
    expect(await credited('window-2')).toEqual([recentView.bid, standard.id]);
    expect(await credited('window-3')).toEqual([null, null]);
    expect(await credited('window-4')).toEqual([olderInside.bid, long.id]);
  });

  it('keeps the rollups and the ledger equal to the events', async () => {
    const bids = Array.from({ length: 30 }, newBid);
    await record(
      bids.flatMap((bid, i) => [
        bidEvent('win', bid, { occurredAt: at(i * 10 * 60_000) }),
        bidEvent(
          'impression',
          bid,
          {
            occurredAt: at(i * 10 * 60_000),
            costMicros: 10_000 + i * 977,
            marginMicros: 1_000 + i * 7,
            commissionMicros: 1_500 + i * 13,
            clearingMicros: 7_500 + i * 957,
          },
          campaigns[i % 2],
        ),
        ...(i % 3 === 0
          ? [bidEvent('click', bid, { occurredAt: at(i * 10 * 60_000 + 1_000) }, campaigns[i % 2])]
          : []),
      ]),
    );
    await expectRollupsEqualEvents(t.database.db);
    const [spent] = rowsOf<{ media: string; margin: string; commission: string }>(
      await t.database.db.execute(sql`
        select sum((details->>'mediaMicros')::bigint) as media, sum((details->>'marginMicros')::bigint) as margin,
               sum((details->>'commissionMicros')::bigint) as commission
        from ledger_transactions where type = 'spend' and advertiser_id = ${shopId}`),
    );
    const [billed] = rowsOf<{ media: string; margin: string; commission: string }>(
      await t.database.db.execute(sql`
        select sum(cost_micros - margin_micros - commission_micros) as media, sum(margin_micros) as margin,
               sum(commission_micros) as commission
        from delivery_events where kind = 'impression' and invalid_reason is null and advertiser_id = ${shopId}`),
    );
    expect([spent?.media, spent?.margin, spent?.commission].map(Number)).toEqual(
      [billed?.media, billed?.margin, billed?.commission].map(Number),
    );
    await expectLedgerInvariants(t.database.db);
  });
});
