import { randomUUID } from 'node:crypto';
import { deliveryEvents, demoAccounts } from '@rtb/db';
import { type DeliveryEventInput, recordDeliveryEvents } from '@rtb/delivery';
import { liftEstimate } from '@rtb/rtb';
import { type CampaignLiftDto, campaignLiftResponse, conversionsResponse, type ErrorCode } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  addDays,
  createCampaign,
  insertBanner,
  todayOf,
  validCampaign,
} from '../../campaigns/campaigns/test-helpers';
import { organisationId } from '../../organisations/organisations/test-users';

/**
 * Issue "outcome-based buying", item 4: a campaign's lift test read from the raw events: who
 * saw its ads (impressions), who was held out (the bidder's ghosts), what each group bought
 * after, and whether the difference is significant yet.
 */
let t: TestApp;
let shop: string;
let solo: string;
let agency: string;
let ids: { shop: number; solo: number };
let today: string;
let bannerId: number;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The test's events happen around noon UTC five days ago (the same day on Warsaw's clock). */
const base = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 5 * DAY_MS + 12 * HOUR_MS);
const baseDay = base.toISOString().slice(0, 10);
const at = (hours: number) => new Date(base.getTime() + hours * HOUR_MS);

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  ids = {
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
  };
  today = await todayOf(t, ids.shop);
  bannerId = await insertBanner(t, ids.shop, 'approved', 'Lift');
});
afterAll(() => t.close());

/** A campaign of Demo Shop holding out this share (it starts today: the tests ask for the events' days). */
const liftCampaign = async (holdoutBps: number, clickWindowDays = 2) =>
  (
    await createCampaign(
      t,
      shop,
      validCampaign(today, {
        name: `Lift ${holdoutBps}`,
        bannerIds: [bannerId],
        holdoutBps,
        clickWindowDays,
      }),
    )
  ).id;

/** The campaign's impressions (or a bid's other notice), as the trackers record them (valid unless a bot's). */
async function impressions(
  campaignId: number,
  users: string[],
  hours = 0,
  invalidReason?: 'bot',
  kind: 'impression' | 'loss' = 'impression',
) {
  await inTransaction(t.deps, (tx) =>
    recordDeliveryEvents(
      tx,
      users.map(
        (userId): DeliveryEventInput => ({
          kind,
          source: kind === 'loss' ? 'lurl' : 'burl',
          occurredAt: at(hours),
          bidAt: at(hours),
          advertiserId: ids.shop,
          bidId: `lift-${randomUUID()}`,
          campaignId,
          bannerId,
          userId,
          ...(invalidReason ? { invalidReason } : {}),
        }),
      ),
    ),
  );
}

/**
 * What the bidder records at the campaign's turn to bid on these users: ghosts (the impressions
 * it would have bought of held-out users), or exposures (it bid on them).
 */
async function turns(kind: 'ghost' | 'exposure', campaignId: number, users: string[], hours = 0) {
  await inTransaction(t.deps, async (tx) => {
    await tx.eventPartitions.ensure(tx, [at(hours)]);
    await tx.db.insert(deliveryEvents).values(
      users.map((userId) => {
        const bidId = `lift-${randomUUID()}`;
        return {
          eventKey: `${kind}:${bidId}`,
          kind,
          source: 'bid',
          occurredAt: at(hours),
          partitionAt: at(hours),
          bidId,
          advertiserId: ids.shop,
          campaignId,
          bannerId,
          userId,
        };
      }),
    );
  });
}
const ghosts = (campaignId: number, users: string[], hours = 0) => turns('ghost', campaignId, users, hours);

/** Orders of these users reported by the shop's server (of Demo Shop unless said), `hours` after the base. */
async function purchases(users: string[], hours: number, valueMinor = 10_000, advertiserId = ids.shop) {
  await inTransaction(t.deps, (tx) =>
    recordDeliveryEvents(
      tx,
      users.map(
        (userId): DeliveryEventInput => ({
          kind: 'conversion',
          source: 'postback',
          occurredAt: at(hours),
          advertiserId,
          orderId: `LIFT-${randomUUID()}`,
          valueMinor,
          userId,
        }),
      ),
    ),
  );
}

const url = (campaignId: number, query = `?from=${addDays(baseDay, -1)}&to=${addDays(baseDay, 1)}`) =>
  `/api/advertiser/campaigns/${campaignId}/lift${query}`;

async function liftOf(campaignId: number, query?: string): Promise<CampaignLiftDto> {
  const res = await t.call({ method: 'GET', url: url(campaignId, query), token: shop });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return campaignLiftResponse.parse(res.body).data.campaignLift;
}

const userIds = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

describe('a campaign’s lift test', () => {
  it('counts each group’s users once, and what they bought after entering, within the click window, each order once', async () => {
    const campaign = await liftCampaign(1_000);
    const tag = `c${campaign}`;
    const [e1, e2, e3, h1, h2] = [`${tag}-e1`, `${tag}-e2`, `${tag}-e3`, `${tag}-h1`, `${tag}-h2`] as const;
    // e1 saw it twice; e2 was held out before the share changed, then saw it; an exchange's id
    // and a bot's impression are no one's.
    await impressions(campaign, [e1, e1, e3, `x:${tag}`]);
    await impressions(campaign, [`${tag}-bot`], 0, 'bot');
    await ghosts(campaign, [h1, h2, e2]);
    await impressions(campaign, [e2], 2);
    // e1 bought before the ad (not counted) and after it; e2 between its ghost and its ad (not
    // counted); h1 after the 2-day window; h2 from another advertiser.
    await purchases([e1], -1, 7_000);
    await purchases([e1], 5, 5_000);
    await purchases([e2], 1);
    await purchases([h1], 49);
    await purchases([h2], 3, 10_000, ids.solo);

    const lift = await liftOf(campaign);
    expect(lift).toMatchObject({
      holdoutBps: 1_000,
      currency: 'PLN',
      from: addDays(baseDay, -1),
      to: addDays(baseDay, 1),
      windowDays: 2,
      groups: {
        exposed: { users: 3, converters: 1, conversions: 1, revenue: 5_000 },
        heldOut: { users: 2, converters: 0, conversions: 0, revenue: 0, conversionRate: 0 },
      },
    });
    expect(lift.groups?.exposed.conversionRate).toBeCloseTo(1 / 3, 12);

    // A browser's order above the maximum value is held: it counts once confirmed, once.
    await inTransaction(t.deps, (tx) =>
      recordDeliveryEvents(tx, [
        {
          kind: 'conversion',
          source: 'conversion',
          occurredAt: at(10),
          advertiserId: ids.shop,
          orderId: `HELD-${tag}`,
          valueMinor: 1_500_000,
          userId: h1,
        },
      ]),
    );
    expect((await liftOf(campaign)).groups?.heldOut).toMatchObject({ converters: 0, conversions: 0 });
    const held = await t.call({
      method: 'GET',
      url: '/api/advertiser/tag/conversions?status=held',
      token: shop,
    });
    const order = conversionsResponse
      .parse(held.body)
      .data.conversions.find((conversion) => conversion.orderId === `HELD-${tag}`);
    const confirm = () =>
      t.call({ method: 'POST', url: `/api/advertiser/tag/conversions/${order?.id}/confirm`, token: shop });
    expect((await confirm()).status).toBe(200);
    expect((await confirm()).status).not.toBe(200);
    const confirmed = await liftOf(campaign);
    expect(confirmed.groups?.heldOut).toMatchObject({
      users: 2,
      converters: 1,
      conversions: 1,
      revenue: 1_500_000,
    });
    // Three exposed users and two held out tell nothing yet.
    expect(confirmed.estimate).toMatchObject({ significant: false });

    // A period before any of it has no users, and so no estimate.
    const before = await liftOf(campaign, `?from=${addDays(baseDay, -9)}&to=${addDays(baseDay, -2)}`);
    expect(before.groups).toEqual({
      exposed: { users: 0, converters: 0, conversionRate: null, conversions: 0, revenue: 0 },
      heldOut: { users: 0, converters: 0, conversionRate: null, conversions: 0, revenue: 0 },
    });
    expect(before.estimate).toBeNull();
  });

  it('counts a user the campaign bid on and lost as exposed, as the held out are those it would have bid on (intent to treat)', async () => {
    const campaign = await liftCampaign(1_000);
    const [lost, held] = [`c${campaign}-lost`, `c${campaign}-held`];
    await impressions(campaign, [lost], 0, undefined, 'loss');
    await ghosts(campaign, [held]);
    await purchases([lost], 1, 4_000);
    expect((await liftOf(campaign)).groups).toMatchObject({
      exposed: { users: 1, converters: 1, revenue: 4_000 },
      heldOut: { users: 1, converters: 0 },
    });
  });

  it('counts a user the campaign bid on as exposed by its exposure, with no notice of the auction (an exchange that sends no loss notices)', async () => {
    const campaign = await liftCampaign(1_000);
    const [unheard, held] = [`c${campaign}-unheard`, `c${campaign}-held`];
    await turns('exposure', campaign, [unheard]);
    await turns('exposure', campaign, [unheard], 3);
    await ghosts(campaign, [held]);
    // Bought 1 h after the first exposure: inside the window from entering, the first of the period.
    await purchases([unheard], 1, 6_000);
    expect((await liftOf(campaign)).groups).toMatchObject({
      exposed: { users: 1, converters: 1, conversions: 1, revenue: 6_000 },
      heldOut: { users: 1, converters: 0 },
    });
  });

  it('calls a clear lift significant, with the incremental conversions and revenue', async () => {
    const campaign = await liftCampaign(2_000);
    const exposed = userIds(`c${campaign}-e`, 400);
    const heldOut = userIds(`c${campaign}-h`, 100);
    await impressions(campaign, exposed);
    await ghosts(campaign, heldOut);
    // 20 % of the exposed users bought (one of them twice), 5 % of the held-out ones.
    await purchases(exposed.slice(0, 80), 3);
    await purchases(exposed.slice(0, 1), 4);
    await purchases(heldOut.slice(0, 5), 3);

    const lift = await liftOf(campaign);
    expect(lift.groups).toEqual({
      exposed: { users: 400, converters: 80, conversionRate: 0.2, conversions: 81, revenue: 810_000 },
      heldOut: { users: 100, converters: 5, conversionRate: 0.05, conversions: 5, revenue: 50_000 },
    });
    const estimate = lift.estimate;
    expect(estimate?.significant).toBe(true);
    expect(estimate?.rateDifference).toBeCloseTo(0.15, 12);
    // packages/rtb's interval of these converters and users.
    expect(estimate?.rateDifferenceInterval).toEqual(
      liftEstimate({
        exposedUsers: 400,
        exposedConversions: 80,
        exposedRevenueMicros: 0,
        heldOutUsers: 100,
        heldOutConversions: 5,
        heldOutRevenueMicros: 0,
      })?.rateDifferenceInterval,
    );
    expect(estimate?.rateDifferenceInterval[0]).toBeGreaterThan(0.07);
    expect(estimate?.relativeLift).toBeCloseTo(3, 12);
    // 15 points of 400 users: 60 more bought; an exposed user brought 20.25 zł, a held-out one 5.00 zł.
    expect(estimate?.incrementalConversions).toBeCloseTo(60, 9);
    expect(estimate?.incrementalRevenue).toBe(610_000);
  });

  it('answers a campaign that holds no one out with no test, whatever its events', async () => {
    const campaign = await liftCampaign(0);
    await impressions(campaign, userIds(`c${campaign}`, 3));
    expect(await liftOf(campaign)).toEqual({
      holdoutBps: 0,
      currency: 'PLN',
      from: addDays(baseDay, -1),
      to: addDays(baseDay, 1),
      windowDays: 2,
      groups: null,
      estimate: null,
    });
  });

  it('reads from the campaign’s first day to today unless asked, at most 92 days', async () => {
    const campaign = await liftCampaign(500);
    expect(await liftOf(campaign, '')).toMatchObject({ from: today, to: today });
    expect(await liftOf(campaign, `?to=${addDays(today, -3)}`)).toMatchObject({
      from: addDays(today, -3),
      to: addDays(today, -3),
    });
    const issues = async (query: string) => {
      const res = await t.call({ method: 'GET', url: url(campaign, query), token: shop });
      expect(res.status, query).toBe(422);
      return Object.fromEntries(
        Object.entries(res.body.issues as Record<string, { code: ErrorCode }[]>).map(([field, list]) => [
          field,
          list.map((issue) => issue.code),
        ]),
      );
    };
    expect(await issues(`?from=${addDays(today, -92)}&to=${today}`)).toEqual({
      from: ['campaigns.lift_range_too_long'],
    });
    // A lone start too far back is refused once the end is filled in.
    expect(await issues(`?from=${addDays(today, -92)}`)).toEqual({ from: ['campaigns.lift_range_too_long'] });
    expect(await issues(`?from=${today}&to=${addDays(today, -1)}`)).toEqual({
      to: ['dates.end_before_start'],
    });
    expect(await liftOf(campaign, `?from=${addDays(today, -91)}&to=${today}`)).toMatchObject({
      from: addDays(today, -91),
    });
  });

  it('is out of reach of another advertiser and of panels other than the advertiser’s', async () => {
    const campaign = await liftCampaign(1_000);
    for (const id of [campaign, 999_999]) {
      const res = await t.call({ method: 'GET', url: url(id, ''), token: id === campaign ? solo : shop });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('common.not_found');
    }
    const res = await t.call({ method: 'GET', url: url(campaign, ''), token: agency });
    expect(res.status).toBe(403);
  });
});
