import { randomBytes } from 'node:crypto';
import { demoAccounts } from '@rtb/db';
import { BROWSER_CONVERSIONS_PER_USER_HOUR, type ConversionDebug, conversionsResponse } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TrackerFixture, trackerFixture } from '../test/tracker-fixture';

/**
 * Issue 25, what was found: a conversion pixel of 9,999,999,999.99 PLN from a clicker's browser
 * was counted, and 100 random order ids made 100 conversions of one click. The browser's
 * conversions (pixel and tag) are now bounded: above the advertiser's maximum order value, past
 * a few per user and hour, or seconds after the click they are recorded but held, out of the
 * report's conversions and value, shown in the Tags tab's debugger with the reason, until confirmed.
 */
let f: TrackerFixture;
let token: string;
let tagKey: string;
beforeAll(async () => {
  f = await trackerFixture();
  token = await f.t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  tagKey = (await f.t.call({ method: 'GET', url: '/api/advertiser/tag', token })).body.data.tag.tagKey;
});
afterAll(() => f.close());

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const get = (url: string, headers: Record<string, string> = {}) =>
  f.request({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
const userCookie = (setCookie: unknown) => String(setCookie).split(';')[0] as string;
const randomOrder = () => `R-${randomBytes(8).toString('hex')}`;
const pixel = (order: string, value: string, cookie: string) =>
  get(`/rtb/conversion?adv=${f.shopId}&order=${order}&value=${value}&currency=PLN`, { cookie });

/** A user who saw and clicked an ad of the campaign; their cookie. The clock is then a minute later. */
async function clicker(): Promise<string> {
  const bid = f.bid({ ts: f.clock.now - 1_000 });
  const cookie = userCookie((await get(`/rtb/imp?t=${f.sign(bid)}&p=1`)).headers['set-cookie']);
  await get(`/rtb/click?t=${f.sign({ ...bid, url: 'https://demo-shop.example.com/' })}`, { cookie });
  f.clock.now += 60_000;
  return cookie;
}
const reported = async () => {
  const [row] = await f.rows(sql`
    select coalesce(sum(click_conversions + view_conversions), 0) as conversions,
      coalesce(sum(conversion_value_minor), 0) as value from stats_campaign_hourly
    where campaign_id = ${f.campaignId}`);
  return { conversions: Number(row?.conversions), value: Number(row?.value) };
};
const debuggerOf = async (query = '') => {
  const res = await f.t.call({ method: 'GET', url: `/api/advertiser/tag/conversions${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return conversionsResponse.parse(res.body).data;
};
const byOrder = (conversions: ConversionDebug[], orders: string[]) =>
  conversions.filter((c) => orders.includes(c.orderId));

describe('browser conversions', () => {
  it('hold the reported 9,999,999,999.99 PLN pixel: recorded, out of the report, in the debugger with the reason', async () => {
    const cookie = await clicker();
    const before = await reported();
    const res = await pixel('x', '9999999999.99', cookie);
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/gif']);
    expect(await reported()).toEqual(before);
    const [held] = byOrder((await debuggerOf('?status=held')).conversions, ['x']);
    expect(held).toMatchObject({
      source: 'pixel',
      status: 'held',
      holdReasons: ['value_above_maximum'],
      valueMinor: 999_999_999_999,
      currency: 'PLN',
      attribution: 'click',
    });
    // A value under the maximum from the same click counts.
    expect((await pixel(randomOrder(), '250.00', cookie)).statusCode).toBe(200);
    expect(await reported()).toEqual({ conversions: before.conversions + 1, value: before.value + 25_000 });
  });

  it('count a user’s first few orders of an hour, and hold the rest of 100 random order ids', async () => {
    const cookie = await clicker();
    const before = await reported();
    const orders = Array.from({ length: 100 }, randomOrder);
    for (const order of orders) {
      expect((await pixel(order, '100.00', cookie)).statusCode).toBe(200);
      f.clock.now += 1_000;
    }
    expect(await reported()).toEqual({
      conversions: before.conversions + BROWSER_CONVERSIONS_PER_USER_HOUR,
      value: before.value + BROWSER_CONVERSIONS_PER_USER_HOUR * 10_000,
    });
    const { conversions, heldCount } = await debuggerOf('?limit=200');
    const mine = byOrder(conversions, orders);
    expect(mine.filter((c) => c.status === 'counted').map((c) => c.orderId)).toEqual(
      orders.slice(0, BROWSER_CONVERSIONS_PER_USER_HOUR).reverse(),
    );
    const held = mine.filter((c) => c.status === 'held');
    expect(held).toHaveLength(100 - BROWSER_CONVERSIONS_PER_USER_HOUR);
    expect(held.every((c) => c.holdReasons.join() === 'too_many_from_user')).toBe(true);
    expect(heldCount).toBeGreaterThanOrEqual(held.length);
    // An hour later the user's next order counts again.
    f.clock.now += 3_600_000;
    expect((await pixel(randomOrder(), '100.00', cookie)).statusCode).toBe(200);
    expect((await reported()).conversions).toBe(before.conversions + BROWSER_CONVERSIONS_PER_USER_HOUR + 1);
  });

  it('hold the tag’s transactions by the same rules, and one seconds after its click', async () => {
    const bid = f.bid({ ts: f.clock.now - 1_000 });
    const cookie = userCookie((await get(`/rtb/imp?t=${f.sign(bid)}&p=1`)).headers['set-cookie']);
    await get(`/rtb/click?t=${f.sign({ ...bid, url: 'https://demo-shop.example.com/' })}`, { cookie });
    f.clock.now += 2_000;
    const before = await reported();
    const soon = randomOrder();
    const large = randomOrder();
    const batch = {
      tagKey,
      visitorId: 'bounds-visitor',
      events: [
        {
          eventId: randomBytes(12).toString('base64url'),
          type: 'trackTransaction',
          orderId: soon,
          value: '40.00',
          currency: 'PLN',
        },
        {
          eventId: randomBytes(12).toString('base64url'),
          type: 'trackTransaction',
          orderId: large,
          value: '20000.00',
          currency: 'PLN',
        },
      ],
    };
    const res = await f.request({
      method: 'POST',
      url: '/rtb/events',
      headers: { 'user-agent': BROWSER, cookie, 'content-type': 'text/plain' },
      payload: JSON.stringify(batch),
    });
    expect(res.statusCode).toBe(204);
    expect(await reported()).toEqual(before);
    const shown = byOrder((await debuggerOf()).conversions, [soon, large]);
    expect(Object.fromEntries(shown.map((c) => [c.orderId, [c.source, c.status, c.holdReasons]]))).toEqual({
      [soon]: ['tag', 'held', ['too_soon_after_click']],
      [large]: ['tag', 'held', ['value_above_maximum', 'too_soon_after_click']],
    });
  });

  it('follow the advertiser’s own maximum order value', async () => {
    const set = await f.t.call({
      method: 'PUT',
      url: '/api/advertiser/tag/conversion-settings',
      token,
      payload: { maxOrderValueMinor: 5_000 },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const cookie = await clicker();
    const [over, under] = [randomOrder(), randomOrder()];
    await pixel(over, '50.01', cookie);
    await pixel(under, '50.00', cookie);
    const shown = byOrder((await debuggerOf()).conversions, [over, under]);
    expect(Object.fromEntries(shown.map((c) => [c.orderId, c.status]))).toEqual({
      [over]: 'held',
      [under]: 'counted',
    });
    await f.t.call({
      method: 'PUT',
      url: '/api/advertiser/tag/conversion-settings',
      token,
      payload: { maxOrderValueMinor: null },
    });
  });
});

describe('confirming a held conversion in the Tags tab', () => {
  it('adds it to the report once, with its held value; a second confirmation is refused', async () => {
    const cookie = await clicker();
    const order = randomOrder();
    await pixel(order, '15000.00', cookie);
    const [held] = byOrder((await debuggerOf('?status=held')).conversions, [order]);
    const before = await reported();
    const confirm = () =>
      f.t.call({ method: 'POST', url: `/api/advertiser/tag/conversions/${held?.id}/confirm`, token });
    const first = await confirm();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.conversion).toMatchObject({
      orderId: order,
      status: 'confirmed',
      confirmedBy: 'user',
      confirmedValueMinor: 1_500_000,
    });
    expect(await reported()).toEqual({
      conversions: before.conversions + 1,
      value: before.value + 1_500_000,
    });
    const again = await confirm();
    expect(again.status).toBe(422);
    expect(await reported()).toEqual({
      conversions: before.conversions + 1,
      value: before.value + 1_500_000,
    });
    // The report says where it came from: the pixel.
    const [sources] = await f.rows(sql`
      select sum(pixel_conversions) as pixel, sum(tag_conversions) as tag, sum(postback_conversions) as postback,
        sum(click_conversions + view_conversions) as total
      from stats_campaign_hourly where campaign_id = ${f.campaignId}`);
    expect(Number(sources?.pixel) + Number(sources?.tag) + Number(sources?.postback)).toBe(
      Number(sources?.total),
    );
  });
});
