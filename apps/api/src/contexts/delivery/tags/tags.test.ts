import { randomBytes } from 'node:crypto';
import { demoAccounts, tagEvents } from '@rtb/db';
import { recordTagEvents, type TagAdvertiser, tagAdvertiser } from '@rtb/delivery';
import {
  rtbViewStatusMessages,
  type TagDebugEvent,
  type TagWireEvent,
  tagDebugEventSchema,
  tagEventsResponse,
  tagSettingsResponse,
  tagSnippet,
} from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertProduct } from '../../shop/products/test-helpers';

let t: TestApp;
let base: string;
let shop: string;
let solo: string;
let shopTag: TagAdvertiser;
let soloTag: TagAdvertiser;
beforeAll(async () => {
  t = await createTestApp({ demo: true, config: { rtbPublicUrl: 'https://rtb.example.com' } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
});
afterAll(() => t.close());

const id = () => randomBytes(16).toString('base64url');
const settingsOf = async (token: string) => {
  const res = await t.call({ method: 'GET', url: '/api/advertiser/tag', token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(tagSettingsResponse.safeParse(res.body).success).toBe(true);
  return res.body.data.tag;
};
/** Records events as the events endpoint does (one committed batch); answers their ids. */
async function record(
  tag: TagAdvertiser,
  events: (Record<string, unknown> & { type: TagWireEvent['type'] })[],
  receivedAt = new Date(),
) {
  const wire = events.map((event) => ({ ...event, eventId: id() }) as TagWireEvent);
  await inTransaction(t.deps, (tx) =>
    recordTagEvents(
      tx,
      wire.map((event) => ({ tag, event, visitorId: 'visitor-1', userId: null, receivedAt, bot: false })),
    ),
  );
  return wire.map((event) => event.eventId);
}
const eventsOf = async (token: string, query = '') => {
  const res = await t.call({ method: 'GET', url: `/api/advertiser/tag/events${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(tagEventsResponse.safeParse(res.body).success).toBe(true);
  return res.body.data.tagEvents as TagDebugEvent[];
};
const tagsArea = async (token: string) =>
  (await t.call({ method: 'GET', url: '/api/advertiser/rtb-views/status', token })).body.data.rtbViewStatus
    .tags;

describe('GET /api/advertiser/tag', () => {
  it('makes the tag on the first visit and keeps its key; the snippet loads the bidder’s script', async () => {
    expect(await tagsArea(shop)).toEqual({
      commonStatus: 'Error',
      message: rtbViewStatusMessages.tagsNone,
      messageKey: 'tagsNone',
      requiresAction: true,
    });
    const first = await settingsOf(shop);
    expect(first).toMatchObject({
      scriptUrl: 'https://rtb.example.com/tag.js',
      lastEventAt: null,
      eventsLast7Days: 0,
    });
    expect(first.tagKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.snippet).toBe(tagSnippet('https://rtb.example.com/tag.js', first.tagKey));
    expect(first.snippet).toContain(`rtbTag('init', "${first.tagKey}"`);
    expect((await settingsOf(shop)).tagKey).toBe(first.tagKey);
    const other = await settingsOf(solo);
    expect(other.tagKey).not.toBe(first.tagKey);
    shopTag = (await tagAdvertiser(t.deps, first.tagKey)) as TagAdvertiser;
    soloTag = (await tagAdvertiser(t.deps, other.tagKey)) as TagAdvertiser;
    expect(shopTag.conversions?.currency).toBe('PLN');
    expect(await tagAdvertiser(t.deps, id())).toBeNull();
  });

  it('needs a signed-in advertiser user', async () => {
    for (const url of [
      '/api/advertiser/tag',
      '/api/advertiser/tag/events',
      '/api/advertiser/tag/events/live',
    ])
      expect((await t.call({ method: 'GET', url })).status).toBe(401);
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    expect((await t.call({ method: 'GET', url: '/api/advertiser/tag', token: agency })).status).toBe(403);
  });
});

describe('GET /api/advertiser/tag/events', () => {
  it('lists the advertiser’s own events newest first with the debugger’s hints', async () => {
    // The shop's feed has A1; B2 is in another shop's feed only.
    await insertProduct(t, shopTag.advertiserId, { productId: 'A1' });
    await insertProduct(t, soloTag.advertiserId, { productId: 'B2' });
    const [home, item] = await record(shopTag, [
      { type: 'viewHome', page: 'https://shop.example/' },
      { type: 'addToCart', id: 'A1', quantity: 3 },
    ]);
    const [order, repeated, bare] = await record(shopTag, [
      { type: 'trackTransaction', orderId: 'ORD-7', value: '30.00', currency: 'PLN' },
      { type: 'trackTransaction', orderId: 'ORD-7', value: '30.00', currency: 'PLN' },
      { type: 'trackTransaction', orderId: 'ORD-8' },
    ]);
    const [later] = await record(shopTag, [
      { type: 'trackTransaction', orderId: 'ORD-8', currency: 'PLN', items: [{ id: 'B2', quantity: 1 }] },
    ]);
    await record(soloTag, [{ type: 'viewItem', id: 'SOLO-1' }]);

    const events = await eventsOf(shop);
    expect(events.map((e) => e.id)).toEqual([later, bare, repeated, order, item, home]);
    expect(events.map((e) => e.hints)).toEqual([
      ['product_not_in_feed', 'duplicate_order_id'],
      ['missing_currency'],
      ['duplicate_order_id'],
      [],
      [],
      [],
    ]);
    expect(events[0]).toMatchObject({
      type: 'trackTransaction',
      productIds: ['B2'],
      quantity: 1,
      currency: 'PLN',
    });
    expect(events[4]).toMatchObject({
      type: 'addToCart',
      productIds: ['A1'],
      quantity: 3,
      orderId: null,
      bot: false,
    });
    expect(events[5]).toMatchObject({ pageUrl: 'https://shop.example/' });
    expect(tagDebugEventSchema.array().parse(events)).toHaveLength(6);
    expect((await eventsOf(shop, '?limit=2')).map((e) => e.id)).toEqual([later, bare]);
    // Another advertiser sees only its own.
    expect((await eventsOf(solo)).map((e) => e.productIds)).toEqual([['SOLO-1']]);
    expect(
      (await t.call({ method: 'GET', url: '/api/advertiser/tag/events?limit=0', token: shop })).status,
    ).toBe(422);
  });

  it('feeds the integration status and the Tags tab’s counts', async () => {
    // One event named a product the feed does not have (B2).
    expect(await tagsArea(shop)).toEqual({
      commonStatus: 'Warning',
      message: rtbViewStatusMessages.tagsUnknownProducts.replace('{events}', '1'),
      messageKey: 'tagsUnknownProducts',
      params: { events: 1 },
      requiresAction: true,
    });
    await t.database.db
      .update(tagEvents)
      .set({ hints: [] })
      .where(eq(tagEvents.advertiserId, shopTag.advertiserId));
    expect(await tagsArea(shop)).toEqual({
      commonStatus: 'Ok',
      message: rtbViewStatusMessages.tagsReceiving.replace('{events}', '6'),
      messageKey: 'tagsReceiving',
      params: { events: 6 },
      requiresAction: false,
    });
    const settings = await settingsOf(shop);
    expect(settings.eventsLast7Days).toBe(6);
    expect(settings.lastEventAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // A tag silent for over 7 days.
    await t.database.db
      .update(tagEvents)
      .set({ receivedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(tagEvents.advertiserId, soloTag.advertiserId));
    expect(await tagsArea(solo)).toEqual({
      commonStatus: 'Error',
      message: rtbViewStatusMessages.tagsSilent,
      messageKey: 'tagsSilent',
      requiresAction: true,
    });
  });
});

/** A reader of the live stream over real HTTP, as the Tags tab reads it (fetch, Authorization header). */
async function openLive(token: string, lastEventId?: string) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/advertiser/tag/events/live`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  /** The next `tag-event` message: its id and event. */
  async function next(): Promise<{ id: string; event: TagDebugEvent }> {
    for (;;) {
      const end = text.indexOf('\n\n');
      if (end >= 0) {
        const message = text.slice(0, end);
        text = text.slice(end + 2);
        const fields = Object.fromEntries(
          message
            .split('\n')
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        );
        if (fields.event === 'tag-event')
          return { id: String(fields.id), event: JSON.parse(String(fields.data)) };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      text += decoder.decode(value, { stream: true });
    }
  }
  return { res, next, close: () => abort.abort() };
}

describe('GET /api/advertiser/tag/events/live', () => {
  it('streams events recorded after connecting, for the advertiser only, and resumes after Last-Event-ID', async () => {
    const live = await openLive(shop);
    expect(live.res.status).toBe(200);
    expect(live.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(live.res.headers.get('x-content-type-options')).toBe('nosniff');
    await record(soloTag, [{ type: 'viewItem', id: 'NOT-YOURS' }]);
    const [first] = await record(shopTag, [{ type: 'viewItem', id: 'LIVE-1' }]);
    const got = await live.next();
    expect(got.event).toMatchObject({ id: first, type: 'viewItem', productIds: ['LIVE-1'] });
    expect(tagDebugEventSchema.parse(got.event)).toEqual(got.event);
    live.close();

    // Events recorded while disconnected arrive on reconnecting with the last id, in order.
    const [second, third] = await record(shopTag, [
      { type: 'viewItem', id: 'LIVE-2' },
      { type: 'viewItem', id: 'LIVE-3' },
    ]);
    const resumed = await openLive(shop, got.id);
    expect((await resumed.next()).event.id).toBe(second);
    expect((await resumed.next()).event.id).toBe(third);
    resumed.close();

    // Another advertiser's stream, from the start, carries its own events and none of these.
    const other = await openLive(solo, '1');
    expect([(await other.next()).event.productIds, (await other.next()).event.productIds]).toEqual([
      ['SOLO-1'],
      ['NOT-YOURS'],
    ]);
    other.close();
  });
});

describe('a product’s page in the browser', () => {
  it('shows what the tag saw of it in the last 30 days: views, adds to cart, purchases, bots left out', async () => {
    const key = await insertProduct(t, shopTag.advertiserId, { productId: 'LAMP-1' });
    const DAY = 86_400_000;
    await record(shopTag, [
      { type: 'viewItem', id: 'LAMP-1' },
      { type: 'viewItem', id: 'LAMP-1' },
      { type: 'viewList', ids: ['LAMP-1', 'OTHER'] },
      { type: 'addToCart', id: 'LAMP-1', quantity: 2 },
      {
        type: 'trackTransaction',
        orderId: 'L-1',
        value: '10.00',
        currency: 'PLN',
        items: [{ id: 'LAMP-1', quantity: 2 }],
      },
      { type: 'viewItem', id: 'OTHER' },
    ]);
    const lastWeek = new Date(Date.now() - 7 * DAY);
    await record(shopTag, [{ type: 'viewItem', id: 'LAMP-1' }], lastWeek);
    // Older than 30 days, another shop's product of the same id, and a bot: not counted.
    await record(shopTag, [{ type: 'viewItem', id: 'LAMP-1' }], new Date(Date.now() - 31 * DAY));
    await record(soloTag, [{ type: 'viewItem', id: 'LAMP-1' }]);
    await inTransaction(t.deps, (tx) =>
      recordTagEvents(tx, [
        {
          tag: shopTag,
          event: { eventId: id(), type: 'viewItem', id: 'LAMP-1' } as TagWireEvent,
          visitorId: 'crawler',
          userId: null,
          receivedAt: new Date(),
          bot: true,
        },
      ]),
    );
    const res = await t.call({ method: 'GET', url: `/api/advertiser/products/${key}`, token: shop });
    expect(res.status).toBe(200);
    expect(res.body.data.product.tagActivity).toEqual({
      views: 3,
      addsToCart: 1,
      purchases: 1,
      lastEventAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    // Another advertiser cannot read it.
    expect(
      (await t.call({ method: 'GET', url: `/api/advertiser/products/${key}`, token: solo })).status,
    ).toBe(404);
  });
});
