import { randomBytes } from 'node:crypto';
import { demoAccounts } from '@rtb/db';
import {
  type ConversionDebug,
  POSTBACK_MAX_BYTES,
  type PostbackBody,
  type PostbackSettings,
  postbackResultSchema,
  postbackSettingsResponse,
} from '@rtb/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TrackerFixture, trackerFixture } from '../test/tracker-fixture';
import { postbackSignature } from './postback-signature';

/**
 * Issue 25: the shop server's signed postback, the trusted path. Signed with the advertiser's
 * secret over the timestamp and the raw body; refused (never a 5xx) when forged, stale, too large,
 * replayed or in another currency; counted in full and attributed like the others; and it confirms
 * the browser's held conversion of its order.
 */
let f: TrackerFixture;
let token: string;
let secret: string;
let solo: PostbackSettings;
beforeAll(async () => {
  f = await trackerFixture();
  token = await f.t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  secret = (await settingsOf(token)).secret;
  solo = await settingsOf(
    await f.t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password),
  );
});
afterAll(() => f.close());

async function settingsOf(user: string): Promise<PostbackSettings> {
  const res = await f.t.call({ method: 'GET', url: '/api/advertiser/tag/postback', token: user });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return postbackSettingsResponse.parse(res.body).data.postback;
}

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const get = (url: string, headers: Record<string, string> = {}) =>
  f.request({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
const userCookie = (setCookie: unknown) => String(setCookie).split(';')[0] as string;
const order = () => `PB-${randomBytes(6).toString('hex')}`;

/** A postback as the shop's server sends it: the raw body, signed now (or at `at`) with a key. */
function postback(
  body: Partial<PostbackBody> | string,
  options: { at?: number; key?: string; headers?: Record<string, string> } = {},
) {
  const raw =
    typeof body === 'string'
      ? body
      : JSON.stringify({ advertiserId: f.shopId, currency: 'PLN', value: '120.00', ...body });
  const timestamp = String(Math.floor((options.at ?? f.clock.now) / 1000));
  return f.request({
    method: 'POST',
    url: '/rtb/postback',
    headers: {
      'content-type': 'application/json',
      'x-rtb-timestamp': timestamp,
      'x-rtb-signature': postbackSignature(options.key ?? secret, timestamp, Buffer.from(raw)),
      ...options.headers,
    },
    payload: raw,
  });
}
const refusal = (res: Awaited<ReturnType<typeof postback>>) => [res.statusCode, res.headers['x-rtb-reason']];

/** A user who saw and clicked an ad of the campaign a minute ago; their cookie. */
async function clicker(): Promise<string> {
  const bid = f.bid({ ts: f.clock.now - 60_000 });
  const seen = await get(`/rtb/imp?t=${f.sign(bid)}&p=1`);
  const cookie = userCookie(seen.headers['set-cookie']);
  const click = await get(`/rtb/click?t=${f.sign({ ...bid, url: 'https://demo-shop.example.com/' })}`, {
    cookie,
  });
  expect(click.statusCode).toBe(302);
  return cookie;
}
/** The tag's events of a visitor (its first-party id) in a browser with our user cookie. */
async function tagVisit(cookie: string, visitorId: string) {
  const tagKey = (await f.t.call({ method: 'GET', url: '/api/advertiser/tag', token })).body.data.tag.tagKey;
  const batch = {
    tagKey,
    visitorId,
    events: [{ eventId: randomBytes(12).toString('base64url'), type: 'viewHome' }],
  };
  const res = await f.request({
    method: 'POST',
    url: '/rtb/events',
    headers: { 'user-agent': BROWSER, cookie, 'content-type': 'text/plain' },
    payload: JSON.stringify(batch),
  });
  expect(res.statusCode).toBe(204);
}
const rollup = async () => {
  const [row] = await f.rows(sql`
    select coalesce(sum(click_conversions + view_conversions), 0) as conversions,
      coalesce(sum(conversion_value_minor), 0) as value, coalesce(sum(postback_conversions), 0) as postbacks,
      coalesce(sum(pixel_conversions), 0) as pixels
    from stats_hourly where campaign_id = ${f.campaignId}`);
  return {
    conversions: Number(row?.conversions),
    value: Number(row?.value),
    postbacks: Number(row?.postbacks),
    pixels: Number(row?.pixels),
  };
};
const conversionsOf = async (orderId: string) =>
  f.rows<{
    source: string;
    invalid_reason: string | null;
    value_minor: string;
    attribution: string | null;
  }>(sql`
    select source, invalid_reason, value_minor, attribution from delivery_events
    where kind = 'conversion' and order_id = ${orderId} order by event_key`);
const postbacksRecorded = async () => {
  const [row] = await f.rows<{ n: string }>(
    sql`select count(*) as n from delivery_events where kind = 'conversion' and source = 'postback'`,
  );
  return Number(row?.n);
};
const debugger_ = async (query = '') => {
  const res = await f.t.call({ method: 'GET', url: `/api/advertiser/tag/conversions${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { conversions: ConversionDebug[]; heldCount: number };
};

describe('a signed postback', () => {
  it('counts in full, attributed to the visitor the tag knows by its first-party id, even above the browser’s maximum', async () => {
    const cookie = await clicker();
    await tagVisit(cookie, 'shop-visitor-0001');
    f.clock.now += 60_000;
    const before = await rollup();
    const id = order();
    const res = await postback({ orderId: id, value: '25000.00', visitorId: 'shop-visitor-0001' });
    expect(res.statusCode, res.body).toBe(200);
    expect(postbackResultSchema.parse(res.json())).toEqual({ status: 'recorded', attributed: true });
    expect(await conversionsOf(id)).toEqual([
      { source: 'postback', invalid_reason: null, value_minor: expect.anything(), attribution: 'click' },
    ]);
    expect(await rollup()).toEqual({
      ...before,
      conversions: before.conversions + 1,
      value: before.value + 2_500_000,
      postbacks: before.postbacks + 1,
    });
    // The debugger shows it, counted, from the postback.
    expect((await debugger_()).conversions.find((c) => c.orderId === id)).toMatchObject({
      source: 'postback',
      status: 'counted',
      valueMinor: 2_500_000,
      attribution: 'click',
    });
  });

  it('takes our user id too, and a number as the value; a visitor nobody knows is recorded unattributed', async () => {
    const cookie = await clicker();
    f.clock.now += 60_000;
    const ours = await postback({
      orderId: order(),
      value: 99.5 as unknown as string,
      userId: cookie.slice(8),
    });
    expect(ours.json()).toEqual({ status: 'recorded', attributed: true });
    const stranger = order();
    const unknown = await postback({ orderId: stranger, visitorId: 'never-seen-visitor' });
    expect(unknown.json()).toEqual({ status: 'recorded', attributed: false });
    expect((await conversionsOf(stranger))[0]).toMatchObject({ source: 'postback', attribution: null });
  });
});

describe('refusals', () => {
  it('refuses forged, tampered, stale, oversized, malformed, replayed and wrong-currency postbacks with a reason, never a 5xx', async () => {
    const replayed = order();
    expect((await postback({ orderId: replayed })).statusCode).toBe(200);
    const recordedBefore = await postbacksRecorded();
    const raw = JSON.stringify({ advertiserId: f.shopId, orderId: order(), value: '10', currency: 'PLN' });
    const now = f.clock.now;
    const cases: [string, () => ReturnType<typeof postback>, number, string][] = [
      [
        'a made-up secret',
        () => postback({ orderId: order() }, { key: 'rtbps_guessed' }),
        401,
        'bad_signature',
      ],
      [
        'another advertiser’s secret',
        () => postback({ orderId: order() }, { key: solo.secret }),
        401,
        'bad_signature',
      ],
      [
        'the signature of another body',
        () =>
          postback(raw, {
            headers: {
              'x-rtb-signature': postbackSignature(
                secret,
                String(Math.floor(now / 1000)),
                Buffer.from(`${raw} `),
              ),
            },
          }),
        401,
        'bad_signature',
      ],
      ['no signature', () => postback(raw, { headers: { 'x-rtb-signature': '' } }), 401, 'bad_signature'],
      [
        'a signature not in hex',
        () => postback(raw, { headers: { 'x-rtb-signature': 'sha256=zz' } }),
        401,
        'bad_signature',
      ],
      [
        'six minutes old',
        () => postback({ orderId: order() }, { at: now - 360_000 }),
        401,
        'stale_timestamp',
      ],
      [
        'six minutes ahead',
        () => postback({ orderId: order() }, { at: now + 360_000 }),
        401,
        'stale_timestamp',
      ],
      ['no timestamp', () => postback(raw, { headers: { 'x-rtb-timestamp': '' } }), 401, 'stale_timestamp'],
      [
        'too large',
        () => postback({ orderId: order(), visitorId: `v${'x'.repeat(POSTBACK_MAX_BYTES)}` }),
        413,
        'body_too_large',
      ],
      ['not JSON', () => postback('{"advertiserId": '), 400, 'bad_postback'],
      [
        'an unknown field',
        () => postback({ orderId: order(), price: '1' } as Partial<PostbackBody>),
        400,
        'bad_postback',
      ],
      ['no order id', () => postback({}), 400, 'bad_postback'],
      ['a negative value', () => postback({ orderId: order(), value: '-5' }), 400, 'bad_postback'],
      ['a value too large', () => postback({ orderId: order(), value: '99999999999999' }), 400, 'bad_value'],
      ['another currency', () => postback({ orderId: order(), currency: 'EUR' }), 400, 'currency_mismatch'],
      [
        'no currency',
        () => postback(JSON.stringify({ advertiserId: f.shopId, orderId: order(), value: '1' })),
        400,
        'bad_postback',
      ],
      [
        'an unknown advertiser',
        () => postback({ orderId: order(), advertiserId: 987_654_321 }),
        400,
        'unknown_advertiser',
      ],
      ['a replayed order', () => postback({ orderId: replayed }), 409, 'duplicate_order'],
    ];
    for (const [what, sent, status, reason] of cases) {
      const res = await sent();
      expect([what, ...refusal(res)], res.body).toEqual([what, status, reason]);
      expect(res.body.length, what).toBeGreaterThan(0);
    }
    // Nothing refused was recorded: the replayed order once, none of the others.
    expect(await conversionsOf(replayed)).toHaveLength(1);
    expect(await postbacksRecorded()).toBe(recordedBefore);
    // The other advertiser's secret signs its own orders.
    const own = await postback(
      { orderId: order(), advertiserId: solo.advertiserId, currency: solo.currency ?? 'PLN' },
      { key: solo.secret },
    );
    expect(own.json()).toEqual({ status: 'recorded', attributed: false });
  });

  it('stops taking the old secret the moment it is rotated', async () => {
    const old = secret;
    const res = await f.t.call({ method: 'POST', url: '/api/advertiser/tag/postback/secret', token });
    expect(res.status).toBe(200);
    secret = res.body.data.postback.secret;
    expect(secret).not.toBe(old);
    expect(refusal(await postback({ orderId: order() }, { key: old }))).toEqual([401, 'bad_signature']);
    expect((await postback({ orderId: order() })).statusCode).toBe(200);
  });
});

describe('a held browser conversion', () => {
  it('is confirmed by the postback of its order: counted once, with the postback’s value', async () => {
    const cookie = await clicker();
    f.clock.now += 60_000;
    const id = order();
    const before = await rollup();
    // 12,000.00 PLN from the browser: above the default maximum (10,000.00), held.
    const pixel = await get(`/rtb/conversion?adv=${f.shopId}&order=${id}&value=12000&currency=PLN`, {
      cookie,
    });
    expect(pixel.statusCode).toBe(200);
    expect(await rollup()).toEqual(before);
    const held = await debugger_('?status=held');
    expect(held.conversions.find((c) => c.orderId === id)).toMatchObject({
      source: 'pixel',
      status: 'held',
      holdReasons: ['value_above_maximum'],
      valueMinor: 1_200_000,
      attribution: 'click',
    });

    const confirmed = await postback({ orderId: id, value: '11999.00', visitorId: 'nobody-at-all' });
    expect(confirmed.json()).toEqual({ status: 'confirmed', attributed: true });
    expect(await rollup()).toEqual({
      ...before,
      conversions: before.conversions + 1,
      value: before.value + 1_199_900,
      postbacks: before.postbacks + 1,
    });
    // Sent again: the order counted; nothing more.
    expect(refusal(await postback({ orderId: id, value: '11999.00' }))).toEqual([409, 'duplicate_order']);
    expect(await rollup()).toEqual({
      ...before,
      conversions: before.conversions + 1,
      value: before.value + 1_199_900,
      postbacks: before.postbacks + 1,
    });
    expect((await debugger_()).conversions.find((c) => c.orderId === id)).toMatchObject({
      status: 'confirmed',
      confirmedBy: 'postback',
      confirmedValueMinor: 1_199_900,
    });
    expect((await conversionsOf(id)).map((row) => [row.source, row.invalid_reason])).toEqual([
      ['postback', null],
      ['conversion', 'held'],
    ]);
  });

  it('is not confirmed by a postback of a browser conversion that counted: that order is a duplicate', async () => {
    const id = order();
    expect((await get(`/rtb/conversion?adv=${f.shopId}&order=${id}&value=20`)).statusCode).toBe(200);
    const res = await postback({ orderId: id });
    expect(refusal(res)).toEqual([409, 'duplicate_order']);
    expect(res.body).toContain('from the pixel');
  });
});
