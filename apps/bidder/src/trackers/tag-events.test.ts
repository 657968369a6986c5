import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { demoAccounts } from '@rtb/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../api/src/contexts/shop/products/test-helpers';
import { type TrackerFixture, trackerFixture } from '../test/tracker-fixture';

let f: TrackerFixture;
let tagKey: string;
let shopToken: string;
beforeAll(async () => {
  f = await trackerFixture();
  shopToken = await f.t.loginAs(
    'advertiser',
    demoAccounts.advertiser.login,
    demoAccounts.advertiser.password,
  );
  const res = await f.t.call({ method: 'GET', url: '/api/advertiser/tag', token: shopToken });
  tagKey = res.body.data.tag.tagKey;
  // The shop's feed has A1 and B2, not C3.
  await insertProduct(f.t, f.shopId, { productId: 'A1', productType: 'Shoes > Running' });
  await insertProduct(f.t, f.shopId, { productId: 'B2', productType: 'Shoes' });
});
afterAll(() => f.close());

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const id = () => randomBytes(16).toString('base64url');
const visitorId = id();
const PAGE = 'https://demo-shop.example.com/p/a1?ref=home';

type WireEvent = Record<string, unknown> & { eventId: string; type: string };
const batchOf = (events: WireEvent[], change: Record<string, unknown> = {}) =>
  JSON.stringify({ tagKey, visitorId, events, ...change });
const post = (body: string, headers: Record<string, string> = {}) =>
  f.request({
    method: 'POST',
    url: '/rtb/events',
    payload: body,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER, ...headers },
  });
const image = (body: string, headers: Record<string, string> = {}) =>
  f.request({
    method: 'GET',
    url: `/rtb/events?d=${Buffer.from(body).toString('base64url')}`,
    headers: { 'user-agent': BROWSER, ...headers },
  });
const cookieOf = (setCookie: unknown) => String(setCookie).split(';')[0] as string;

const rowsOf = (eventIds: string[]) =>
  f.rows<Record<string, unknown>>(sql`
    select event_key, type, visitor_id, user_id, page_url, product_ids, quantity, items, order_id, value,
      value_minor, currency, bot, hints
    from tag_events where event_key in (${sql.join(
      eventIds.map((e) => sql`${`tag:${f.shopId}:${e}`}`),
      sql`, `,
    )}) order by seq`);
const countOf = async (eventId: string) =>
  Number(
    (
      await f.rows<{ n: number }>(
        sql`select count(*) as n from tag_events where event_key = ${`tag:${f.shopId}:${eventId}`}`,
      )
    )[0]?.n,
  );
const conversionOf = async (order: string) =>
  (
    await f.rows<Record<string, unknown>>(sql`
      select source, attribution, campaign_id::int as campaign_id, value_minor, invalid_reason from delivery_events
      where event_key = ${`conversion:${f.shopId}:${order}`}`)
  )[0];

/** One event of each type, as tag.js sends them. */
const everyType = (): WireEvent[] => [
  { eventId: id(), type: 'viewHome', page: 'https://demo-shop.example.com/' },
  { eventId: id(), type: 'viewList', page: PAGE, ids: ['A1', 'B2'] },
  { eventId: id(), type: 'viewItem', page: PAGE, id: 'A1' },
  { eventId: id(), type: 'addToCart', page: PAGE, id: 'A1', quantity: 2 },
  { eventId: id(), type: 'viewBasket', items: [{ id: 'A1', quantity: 2, price: '15.00' }, { id: 'C3' }] },
  {
    eventId: id(),
    type: 'trackTransaction',
    orderId: `ORD-${id()}`,
    value: '30.00',
    currency: 'pln',
    items: [{ id: 'A1', quantity: 2, price: '15.00' }],
  },
];

describe('POST /rtb/events', () => {
  it('records each event type with its fields, answers 204 and gives the browser our user id', async () => {
    const events = everyType();
    const res = await post(batchOf(events));
    expect(res.statusCode).toBe(204);
    const cookie = cookieOf(res.headers['set-cookie']);
    expect(cookie).toMatch(/^rtb_uid=[A-Za-z0-9_-]{22}$/);
    const rows = await rowsOf(events.map((e) => e.eventId));
    const userId = cookie.slice('rtb_uid='.length);
    expect(rows.map((r) => [r.type, r.product_ids, r.quantity, r.user_id, r.visitor_id, r.bot])).toEqual([
      ['viewHome', [], null, userId, visitorId, false],
      ['viewList', ['A1', 'B2'], null, userId, visitorId, false],
      ['viewItem', ['A1'], null, userId, visitorId, false],
      ['addToCart', ['A1'], 2, userId, visitorId, false],
      ['viewBasket', ['A1', 'C3'], 3, userId, visitorId, false],
      ['trackTransaction', ['A1'], 2, userId, visitorId, false],
    ]);
    // The basket names C3, which the feed does not have.
    expect(rows.map((r) => r.hints)).toEqual([[], [], [], [], ['product_not_in_feed'], []]);
    expect(rows[4]?.items).toEqual([
      { id: 'A1', quantity: 2, price: '15.00' },
      { id: 'C3', quantity: 1, price: null },
    ]);
    expect(rows[5]).toMatchObject({ value: '30.00', currency: 'PLN', hints: [], page_url: null });
    expect(Number(rows[5]?.value_minor)).toBe(3_000);
    expect(rows[2]?.page_url).toBe(PAGE);

    // A browser that has our id keeps it.
    const again = await post(batchOf([{ eventId: id(), type: 'viewHome' }]), { cookie });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('counts each event once under retries and concurrent duplicates', async () => {
    const events = everyType().slice(0, 4);
    const body = batchOf(events);
    const answers = await Promise.all([post(body), post(body), image(body), post(body), post(body)]);
    expect(answers.map((r) => r.statusCode)).toEqual([204, 204, 200, 204, 204]);
    for (const retry of [body, batchOf([...events, ...events])])
      expect((await post(retry)).statusCode).toBe(204);
    for (const event of events) expect(await countOf(event.eventId)).toBe(1);
  });

  it('brings the visitor’s profile up to date once per new event, with the feed’s product types', async () => {
    const viewed = { eventId: id(), type: 'viewItem', id: 'A1' };
    const res = await post(batchOf([viewed, { eventId: id(), type: 'addToCart', id: 'A1', quantity: 1 }]));
    const cookie = cookieOf(res.headers['set-cookie']);
    const userId = cookie.slice('rtb_uid='.length);
    // A resent view, and a bot's view with the same cookie, change nothing.
    await post(batchOf([viewed]), { cookie });
    await post(batchOf([{ eventId: id(), type: 'viewItem', id: 'B2' }]), {
      cookie,
      'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    });
    const profile = (await f.profiles.profilesOf(userId)).get(f.shopId);
    expect(profile).toMatchObject({
      lastViewItemAt: f.clock.now,
      lastAddToCartAt: f.clock.now,
      lastTransactionAt: 0,
      productTypes: [{ type: 'shoes > running', at: f.clock.now }],
      products: [{ id: 'A1', at: f.clock.now, views: 1 }],
    });
  });

  it('flags bots and keeps their events', async () => {
    const event = { eventId: id(), type: 'viewItem', id: 'A1' };
    expect(
      (await post(batchOf([event]), { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }))
        .statusCode,
    ).toBe(204);
    expect((await rowsOf([event.eventId]))[0]?.bot).toBe(true);
  });

  it('refuses hostile batches whole with 400 and a reason, and records nothing of them', async () => {
    const good = { eventId: id(), type: 'viewItem', id: 'A1' };
    const kept = id();
    const hostile: [string, string][] = [
      ['', 'bad_batch'],
      ['not json', 'bad_batch'],
      ['null', 'bad_batch'],
      ['[]', 'bad_batch'],
      [batchOf([]), 'bad_batch'],
      [batchOf([good], { tagKey: 'short' }), 'bad_batch'],
      [batchOf([good], { tagKey: undefined }), 'bad_batch'],
      [batchOf([good], { visitorId: 'has spaces in it' }), 'bad_batch'],
      [batchOf([good], { extra: 1 }), 'bad_batch'],
      [batchOf([good], { tagKey: id() }), 'unknown_tag'],
      [
        batchOf([
          { ...good, eventId: kept },
          { eventId: id(), type: 'viewItem' },
        ]),
        'bad_batch',
      ],
      [batchOf([{ ...good, type: 'purchase' }]), 'bad_batch'],
      [batchOf([{ ...good, type: '__proto__' }]), 'bad_batch'],
      [batchOf([{ ...good, eventId: 'a/b' }]), 'bad_batch'],
      [batchOf([{ ...good, id: 'x'.repeat(51) }]), 'bad_batch'],
      [batchOf([{ ...good, id: 'A\u0000' }]), 'bad_batch'],
      [batchOf([{ ...good, id: 'A\ud800' }]), 'bad_batch'],
      [batchOf([{ ...good, id: 7 }]), 'bad_batch'],
      [batchOf([{ ...good, page: 'javascript:alert(1)' }]), 'bad_batch'],
      [batchOf([{ ...good, page: 'https://shop.example/\u0000' }]), 'bad_batch'],
      [batchOf([{ ...good, page: `https://shop.example/${'x'.repeat(2050)}` }]), 'bad_batch'],
      [batchOf([{ ...good, secret: 'x' }]), 'bad_batch'],
      [batchOf([{ eventId: id(), type: 'viewList', ids: [] }]), 'bad_batch'],
      [
        batchOf([{ eventId: id(), type: 'viewList', ids: Array.from({ length: 51 }, (_, i) => `P${i}`) }]),
        'bad_batch',
      ],
      [batchOf([{ eventId: id(), type: 'addToCart', id: 'A1', quantity: 0 }]), 'bad_batch'],
      [batchOf([{ eventId: id(), type: 'addToCart', id: 'A1', quantity: 1.5 }]), 'bad_batch'],
      [batchOf([{ eventId: id(), type: 'addToCart', id: 'A1', quantity: 1e9 }]), 'bad_batch'],
      [batchOf([{ eventId: id(), type: 'addToCart', id: 'A1', quantity: '2' }]), 'bad_batch'],
      [batchOf([{ eventId: id(), type: 'viewBasket', items: [] }]), 'bad_batch'],
      [batchOf([{ eventId: id(), type: 'viewBasket', items: [{ id: 'A1', price: '-1' }] }]), 'bad_batch'],
      [batchOf([{ eventId: id(), type: 'trackTransaction' }]), 'bad_batch'],
      [batchOf([{ eventId: id(), type: 'trackTransaction', orderId: 'O\n1' }]), 'bad_batch'],
      [batchOf([{ eventId: id(), type: 'trackTransaction', orderId: 'O', value: '1e9' }]), 'bad_batch'],
      [batchOf([{ eventId: id(), type: 'trackTransaction', orderId: 'O', value: 30 }]), 'bad_batch'],
      [
        batchOf([{ eventId: id(), type: 'trackTransaction', orderId: 'O', value: '9999999999' }]),
        'bad_batch',
      ],
      [batchOf([{ eventId: id(), type: 'trackTransaction', orderId: 'O', currency: 'PLNX' }]), 'bad_batch'],
      [batchOf(Array.from({ length: 21 }, () => ({ ...good, eventId: id() }))), 'bad_batch'],
    ];
    for (const [body, reason] of hostile) {
      const res = await post(body);
      expect([body.slice(0, 120), res.statusCode, res.headers['x-rtb-reason']]).toEqual([
        body.slice(0, 120),
        400,
        reason,
      ]);
    }
    expect((await post(batchOf([good]))).statusCode).toBe(204);
    expect(await countOf(kept)).toBe(0);
    // The shop's developer is told which field was wrong.
    expect((await post(batchOf([{ ...good, id: 7 }]))).body).toMatch(/^events\.0\.id: /);
  });

  it('refuses a body over 16 kB, and takes the batch in any content type', async () => {
    const big = batchOf([
      { eventId: id(), type: 'viewItem', id: 'A1', page: `https://s.example/${'x'.repeat(17_000)}` },
    ]);
    expect((await post(big)).statusCode).toBe(413);
    const event = { eventId: id(), type: 'viewHome' };
    expect((await post(batchOf([event]), { 'content-type': 'application/json' })).statusCode).toBe(204);
    expect(await countOf(event.eventId)).toBe(1);
  });

  it('never answers 5xx whatever the body, and still records afterwards', async () => {
    const anyJson = fc.jsonValue({ maxDepth: 3 });
    const wireish = fc.record({
      tagKey: fc.oneof(fc.constant(tagKey), fc.string()),
      visitorId: fc.oneof(fc.constant(visitorId), fc.string()),
      events: fc.array(
        fc.record({
          eventId: fc.oneof(fc.constant(id()), fc.string({ unit: 'binary' })),
          type: fc.constantFrom(
            'viewHome',
            'viewList',
            'viewItem',
            'addToCart',
            'viewBasket',
            'trackTransaction',
          ),
          id: fc.string({ unit: 'binary', maxLength: 60 }),
          ids: fc.array(fc.string({ unit: 'binary' }), { maxLength: 3 }),
          quantity: fc.oneof(fc.integer(), fc.double()),
          orderId: fc.string({ unit: 'binary', maxLength: 10 }),
          value: fc.string({ maxLength: 12 }),
          page: fc.string({ unit: 'binary', maxLength: 30 }).map((s) => `https://x.example/${s}`),
        }),
        { maxLength: 3 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyJson, wireish), fc.boolean(), async (value, viaImage) => {
        const body = JSON.stringify(value) ?? '';
        const res = await (viaImage ? image(body) : post(body));
        expect(res.statusCode, body).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
    expect((await post(batchOf([{ eventId: id(), type: 'viewHome' }]))).statusCode).toBe(204);
  });
});

describe('GET /rtb/events (the image fallback) and OPTIONS', () => {
  it('records the batch of d= and answers the pixel with our user id', async () => {
    const event = { eventId: id(), type: 'addToCart', id: 'B2', quantity: 1 };
    const res = await image(batchOf([event]));
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/gif']);
    expect(cookieOf(res.headers['set-cookie'])).toMatch(/^rtb_uid=/);
    expect(await countOf(event.eventId)).toBe(1);
    for (const url of [
      '/rtb/events',
      '/rtb/events?d=%%%',
      '/rtb/events?d=a&d=b',
      `/rtb/events?d=${'A'.repeat(30_000)}`,
    ]) {
      const refused = await f.request({ method: 'GET', url });
      expect([url.slice(0, 40), refused.statusCode, refused.headers['x-rtb-reason']]).toEqual([
        url.slice(0, 40),
        400,
        'bad_batch',
      ]);
    }
  });

  it('answers a preflight', async () => {
    const res = await f.request({ method: 'OPTIONS', url: '/rtb/events' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST');
  });
});

describe('transactions become conversions', () => {
  const DAY = 86_400_000;
  const transaction = (orderId: string, change: Record<string, unknown> = {}) => ({
    eventId: id(),
    type: 'trackTransaction',
    orderId,
    value: '120.50',
    currency: 'PLN',
    ...change,
  });

  it('attributes a transaction to the user’s click and shows it in the report with ROAS', async () => {
    const start = f.clock.now;
    f.clock.now = start - DAY;
    const bid = f.bid();
    const seen = await f.request({
      method: 'GET',
      url: `/rtb/bill?t=${f.sign(bid)}&p=1`,
      headers: { 'user-agent': BROWSER },
    });
    expect(seen.statusCode).toBe(200);
    const pixel = await f.request({
      method: 'GET',
      url: `/rtb/imp?t=${f.sign(bid)}&p=1`,
      headers: { 'user-agent': BROWSER },
    });
    const cookie = cookieOf(pixel.headers['set-cookie']);
    await f.request({
      method: 'GET',
      url: `/rtb/click?t=${f.sign({ ...bid, url: 'https://demo-shop.example.com/' })}`,
      headers: { cookie, 'user-agent': BROWSER },
    });
    f.clock.now = start;
    const order = `T-${id()}`;
    expect((await post(batchOf([transaction(order)]), { cookie })).statusCode).toBe(204);
    expect(await conversionOf(order)).toMatchObject({
      source: 'tag',
      attribution: 'click',
      campaign_id: f.campaignId,
    });
    expect(Number((await conversionOf(order))?.value_minor)).toBe(12_050);

    const report = await f.t.call({
      method: 'GET',
      url: '/api/advertiser/reports?time=none&by=campaign',
      token: shopToken,
    });
    const campaign = report.body.data.report.rows.elements.find(
      (row: { key: string }) => row.key === String(f.campaignId),
    );
    expect(campaign.conversionValueMinor).toBe(12_050);
    expect(campaign.roas).toBeCloseTo((12_050 * 10_000) / campaign.spendMicros, 6);
  });

  it('counts an order once with the conversion pixel, and points out the repeated order id', async () => {
    const order = `P-${id()}`;
    const pixel = await f.request({
      method: 'GET',
      url: `/rtb/conversion?adv=${f.shopId}&order=${order}&value=5`,
      headers: { 'user-agent': BROWSER },
    });
    expect(pixel.statusCode).toBe(200);
    const first = transaction(order);
    const second = transaction(order, { value: '999' });
    expect((await post(batchOf([first]))).statusCode).toBe(204);
    expect((await post(batchOf([second]))).statusCode).toBe(204);
    expect(await conversionOf(order)).toMatchObject({ source: 'conversion' });
    expect(Number((await conversionOf(order))?.value_minor)).toBe(500);
    expect((await rowsOf([first.eventId, second.eventId])).map((r) => r.hints)).toEqual([
      [],
      ['duplicate_order_id'],
    ]);

    // A transaction seen first by the tag: the pixel's copy does not count again.
    const tagFirst = `Q-${id()}`;
    await post(batchOf([transaction(tagFirst, { value: '10' })]));
    await f.request({ method: 'GET', url: `/rtb/conversion?adv=${f.shopId}&order=${tagFirst}&value=50` });
    expect(await conversionOf(tagFirst)).toMatchObject({ source: 'tag' });
    expect(Number((await conversionOf(tagFirst))?.value_minor)).toBe(1_000);
  });

  it('keeps a transaction in another currency or without one, but counts no conversion', async () => {
    const euro = transaction(`E-${id()}`, { currency: 'EUR' });
    const bare = transaction(`N-${id()}`, { currency: undefined });
    expect((await post(batchOf([euro, bare]))).statusCode).toBe(204);
    const rows = await rowsOf([euro.eventId, bare.eventId]);
    expect(rows.map((r) => [r.currency, r.value, r.value_minor, r.hints])).toEqual([
      ['EUR', '120.50', null, []],
      [null, '120.50', null, ['missing_currency']],
    ]);
    expect(await conversionOf(euro.orderId as string)).toBeUndefined();
    expect(await conversionOf(bare.orderId as string)).toBeUndefined();
  });

  it('records a bot’s transaction as an invalid conversion', async () => {
    const order = `B-${id()}`;
    await post(batchOf([transaction(order)]), { 'user-agent': 'curl/8.5.0' });
    expect(await conversionOf(order)).toMatchObject({ invalid_reason: 'bot', attribution: null });
  });
});

describe('GET /tag.js', () => {
  it('serves the script with our events URL, cacheable, gzipped under 5 kB, revalidated by its ETag', async () => {
    const res = await f.request({
      method: 'GET',
      url: '/tag.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.rawPayload.length).toBeLessThan(5 * 1024);
    const source = gunzipSync(res.rawPayload).toString('utf8');
    expect(source).toContain('"http://rtb.test/rtb/events"');
    expect(source).not.toContain('__RTB_EVENTS_URL__');
    const plain = await f.request({ method: 'GET', url: '/tag.js' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, source]);
    const etag = String(res.headers.etag);
    const cached = await f.request({ method: 'GET', url: '/tag.js', headers: { 'if-none-match': etag } });
    expect([cached.statusCode, cached.body]).toEqual([304, '']);
  });
});
