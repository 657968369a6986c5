import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TrackerFixture, trackerFixture } from '../test/tracker-fixture';

let f: TrackerFixture;
beforeAll(async () => {
  f = await trackerFixture();
});
afterAll(() => f.close());

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const get = (url: string, headers: Record<string, string> = {}) =>
  f.request({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
const userCookie = (setCookie: unknown) => String(setCookie).split(';')[0] as string;
// biome-ignore lint/suspicious/noTemplateCurlyInString: the partner's literal macro
const UID = '${UID}';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A bid with its click token (landing page inside). */
function clickable() {
  const bid = f.bid();
  return { bid, click: f.sign({ ...bid, url: 'https://demo-shop.example.com/sale?utm_source=rtb' }) };
}
const clicksOf = async (bidId: string) =>
  (
    await f.rows<{ invalid_reason: string | null }>(
      sql`select invalid_reason from delivery_events where bid_id = ${bidId} and kind = 'click' order by event_key`,
    )
  )
    .map((r) => r.invalid_reason ?? 'valid')
    .sort();

describe('clicks', () => {
  it('redirects to the landing page; counts one click per impression, and none without one', async () => {
    const { bid, click } = clickable();
    const early = await get(`/rtb/click?t=${click}`);
    expect([early.statusCode, early.headers.location]).toEqual([
      302,
      'https://demo-shop.example.com/sale?utm_source=rtb',
    ]);
    expect(await clicksOf(bid.bid)).toEqual(['no_impression']);
    await get(`/rtb/bill?t=${f.sign(bid)}&p=1`);
    expect((await get(`/rtb/click?t=${click}`)).statusCode).toBe(302);
    expect((await get(`/rtb/click?t=${click}`)).statusCode).toBe(302);
    expect(await clicksOf(bid.bid)).toEqual(['no_impression', 'repeated_click', 'valid']);
    const [day] = await f.rows(
      sql`select clicks from campaign_daily_stats where campaign_id = ${f.campaignId} and day = ${f.today}`,
    );
    expect(Number(day?.clicks)).toBe(1);
  });

  it('refuses a tampered landing page and a token without one', async () => {
    const { bid, click } = clickable();
    const [, signature] = click.split('.');
    // The body of another landing page with this token's signature.
    const [elsewhere] = f.sign({ ...bid, url: 'https://evil.example/' }).split('.');
    for (const url of [`/rtb/click?t=${elsewhere}.${signature}`, `/rtb/click?t=${f.sign(bid)}`]) {
      const res = await get(url);
      expect([res.statusCode, res.headers['x-rtb-reason'], res.headers.location]).toEqual([
        400,
        'bad_token',
        undefined,
      ]);
    }
    expect(await clicksOf(bid.bid)).toEqual([]);
  });

  it('records clicks of bots and test requests as such', async () => {
    const { bid, click } = clickable();
    await get(`/rtb/bill?t=${f.sign(bid)}&p=1`);
    await get(`/rtb/click?t=${click}`, { 'user-agent': 'curl/8.5.0' });
    const test = f.bid({ test: true });
    await get(`/rtb/click?t=${f.sign({ ...test, url: 'https://demo-shop.example.com/' })}`);
    expect(await clicksOf(bid.bid)).toEqual(['bot']);
    expect(await clicksOf(test.bid)).toEqual(['test']);
  });
});

describe('conversions', () => {
  const conversion = (query: string, cookie?: string) =>
    get(`/rtb/conversion?adv=${f.shopId}&${query}`, cookie ? { cookie } : {});
  const conversionRow = async (order: string) =>
    (
      await f.rows(sql`
        select campaign_id, attribution, value_minor, user_id from delivery_events
        where event_key = ${`conversion:${f.shopId}:${order}`}`)
    )[0];

  it('attributes to the last click within 7 days, else the last impression within a day, else to nobody', async () => {
    const start = f.clock.now;
    // A user who saw and clicked an ad 6 days ago, and one who only saw one 20 hours ago.
    f.clock.now = start - 6 * DAY;
    const { bid, click } = clickable();
    const seen = await get(`/rtb/imp?t=${f.sign(bid)}&p=1`);
    const clicker = userCookie(seen.headers['set-cookie']);
    await get(`/rtb/click?t=${click}`, { cookie: clicker });
    f.clock.now = start - 20 * HOUR;
    const viewer = userCookie((await get(`/rtb/imp?t=${f.sign(f.bid())}&p=1`)).headers['set-cookie']);
    f.clock.now = start - 2 * DAY;
    const stale = userCookie((await get(`/rtb/imp?t=${f.sign(f.bid())}&p=1`)).headers['set-cookie']);
    f.clock.now = start;

    const res = await conversion('order=A-1&value=199.99&currency=PLN', clicker);
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/gif']);
    await conversion('order=A-2&value=10', viewer);
    await conversion('order=A-3&value=10', stale);
    await conversion('order=A-4');
    expect(await conversionRow('A-1')).toMatchObject({ attribution: 'click', user_id: clicker.slice(8) });
    expect(Number((await conversionRow('A-1'))?.value_minor)).toBe(19_999);
    expect(await conversionRow('A-2')).toMatchObject({ attribution: 'view' });
    expect(await conversionRow('A-3')).toMatchObject({ attribution: null, campaign_id: null });
    expect(await conversionRow('A-4')).toMatchObject({
      attribution: null,
      campaign_id: null,
      value_minor: null,
    });
    const [hourly] = await f.rows(sql`
      select sum(click_conversions) as clicks, sum(view_conversions) as views, sum(conversion_value_minor) as value
      from stats_hourly where campaign_id = ${f.campaignId}`);
    expect([hourly?.clicks, hourly?.views, hourly?.value].map(Number)).toEqual([1, 1, 19_999 + 1_000]);
  });

  it('counts an order once', async () => {
    expect((await conversion('order=B-1&value=5')).statusCode).toBe(200);
    expect((await conversion('order=B-1&value=50')).statusCode).toBe(200);
    expect(Number((await conversionRow('B-1'))?.value_minor)).toBe(500);
  });

  it('refuses unknown advertisers, other currencies, bad orders and values', async () => {
    const refusals: [string, string][] = [
      [`/rtb/conversion?adv=999999&order=X`, 'unknown_advertiser'],
      [`/rtb/conversion?adv=abc&order=X`, 'unknown_advertiser'],
      [`/rtb/conversion?adv=99999999999999999999&order=X`, 'unknown_advertiser'],
      [`/rtb/conversion?adv=${f.shopId}&order=X&currency=EUR`, 'currency_mismatch'],
      [`/rtb/conversion?adv=${f.shopId}&order=X&value=-5`, 'bad_value'],
      [`/rtb/conversion?adv=${f.shopId}&order=X&value=1e9`, 'bad_value'],
      [`/rtb/conversion?adv=${f.shopId}&order=X&value=99999999999999`, 'bad_value'],
      [`/rtb/conversion?adv=${f.shopId}&order=X&value=1&value=2`, 'bad_value'],
      [`/rtb/conversion?adv=${f.shopId}`, 'bad_order'],
      [`/rtb/conversion?adv=${f.shopId}&order=%00`, 'bad_order'],
      [`/rtb/conversion?adv=${f.shopId}&order=${'x'.repeat(201)}`, 'bad_order'],
    ];
    for (const [url, reason] of refusals) {
      const res = await get(url);
      expect([url, res.statusCode, res.headers['x-rtb-reason']]).toEqual([url, 400, reason]);
    }
    expect(await conversionRow('X')).toBeUndefined();
  });
});

describe('cookie sync', () => {
  it('gives the browser our id and sends it back to a partner host with the id in place of the UID macro', async () => {
    const first = await get(
      `/rtb/sync?redirect=${encodeURIComponent(`https://partner.example/sync?uid=${UID}`)}`,
    );
    const cookie = userCookie(first.headers['set-cookie']);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(`https://partner.example/sync?uid=${cookie.slice(8)}`);
    const again = await get(
      `/rtb/sync?redirect=${encodeURIComponent(`https://partner.example/s?u=${UID}`)}`,
      {
        cookie,
      },
    );
    expect([again.headers.location, again.headers['set-cookie']]).toEqual([
      `https://partner.example/s?u=${cookie.slice(8)}`,
      undefined,
    ]);
  });

  it('sends nobody to a host it does not sync with (no open redirect)', async () => {
    for (const redirect of [
      `https://evil.example/?u=${UID}`,
      'https://partner.example.evil.example/',
      'javascript:alert(1)//partner.example',
      '//partner.example/',
      '',
    ]) {
      const res = await get(`/rtb/sync?redirect=${encodeURIComponent(redirect)}`);
      expect([redirect, res.statusCode, res.headers.location, res.headers['content-type']]).toEqual([
        redirect,
        200,
        undefined,
        'image/gif',
      ]);
    }
  });
});
