import { randomBytes } from 'node:crypto';
import { demoAccounts } from '@rtb/db';
import { recordTagEvents, type TagAdvertiser, tagAdvertiser } from '@rtb/delivery';
import { type TagWireEvent, tagEventSummaryResponse } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let shop: string;
let solo: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;
const url = '/api/advertiser/tag/events/summary';

const tagOf = async (token: string) => {
  const res = await t.call({ method: 'GET', url: '/api/advertiser/tag', token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await tagAdvertiser(t.deps, res.body.data.tag.tagKey)) as TagAdvertiser;
};
const summaryOf = async (token: string) => {
  const res = await t.call({ method: 'GET', url, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(tagEventSummaryResponse.safeParse(res.body).success).toBe(true);
  return res.body.data.tagEventSummary;
};
const record = (
  tag: TagAdvertiser,
  events: (Record<string, unknown> & { type: TagWireEvent['type'] })[],
  { bot = false, receivedAt = new Date() } = {},
) =>
  inTransaction(t.deps, (tx) =>
    recordTagEvents(
      tx,
      events.map((event) => ({
        tag,
        event: { ...event, eventId: randomBytes(16).toString('base64url') } as TagWireEvent,
        visitorId: bot ? 'crawler' : 'visitor-1',
        userId: null,
        receivedAt,
        bot,
      })),
    ),
  );

describe('GET /api/advertiser/tag/events/summary', () => {
  it("counts people's events of the last 24 hours by type: not bots', not older ones, not another shop's", async () => {
    const tag = await tagOf(shop);
    const other = await tagOf(solo);
    const empty = await summaryOf(shop);
    expect(empty.total).toBe(0);
    expect(empty.counts).toEqual({
      viewHome: 0,
      viewList: 0,
      viewItem: 0,
      addToCart: 0,
      viewBasket: 0,
      trackTransaction: 0,
    });
    expect(empty.since).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    await record(tag, [
      { type: 'viewHome' },
      { type: 'viewItem', id: 'A1' },
      { type: 'viewItem', id: 'B2' },
      { type: 'addToCart', id: 'A1', quantity: 1 },
      { type: 'trackTransaction', orderId: 'ORD-1', value: '10.00', currency: 'PLN' },
    ]);
    // Left out: a bot's views, a view of 25 hours ago, another shop's view.
    await record(tag, [{ type: 'viewItem', id: 'A1' }], { bot: true });
    await record(tag, [{ type: 'viewItem', id: 'A1' }], { receivedAt: new Date(Date.now() - 25 * HOUR_MS) });
    await record(other, [{ type: 'viewItem', id: 'C3' }]);

    const summary = await summaryOf(shop);
    expect(summary.counts).toEqual({
      viewHome: 1,
      viewList: 0,
      viewItem: 2,
      addToCart: 1,
      viewBasket: 0,
      trackTransaction: 1,
    });
    expect(summary.total).toBe(5);
    expect((await summaryOf(solo)).counts.viewItem).toBe(1);
  });

  it('needs a signed-in advertiser user with integrations', async () => {
    expect((await t.call({ method: 'GET', url })).status).toBe(401);
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    expect((await t.call({ method: 'GET', url, token: agency })).status).toBe(403);
    const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    expect((await t.call({ method: 'GET', url, token: admin })).status).toBe(403);
  });
});
