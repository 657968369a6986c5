import { until } from '@rtb/operations/testing';
import { spendKeysOf } from '@rtb/rtb';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BidTokens } from '../bid-token';
import { type TrackerFixture, trackerFixture } from '../test/tracker-fixture';

let f: TrackerFixture;
beforeAll(async () => {
  f = await trackerFixture();
});
afterAll(() => f.close());

const get = (url: string, headers: Record<string, string> = {}) => f.request({ method: 'GET', url, headers });
const times = <T>(n: number, make: () => Promise<T>) => Promise.all(Array.from({ length: n }, make));
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('win notices', () => {
  it('counts 50 identical notices sent at once as one win, answering each', async () => {
    const bid = f.bid();
    await f.reserve(bid, 'scope');
    const adjust = vi.spyOn(f.store, 'adjust');
    const answers = await times(50, () => get(`/rtb/win?t=${f.sign(bid)}&p=1.50`));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(await f.eventsOf(bid.bid)).toEqual([
      { kind: 'win', invalid_reason: null, source: 'nurl', cost_micros: expect.anything() },
    ]);
    // CPM 1.50 is 1,500 micro-units; grossed up by 25%: 2,000 reserved from now on.
    expect(adjust).toHaveBeenCalledTimes(1);
    expect(await f.store.totals([f.scopeKey('scope')])).toEqual([{ spentMicros: 0, reservedMicros: 2_000 }]);
    adjust.mockRestore();
  });

  it('takes a missing or unsubstituted price as the bid (first price), also by POST', async () => {
    const bid = f.bid();
    expect(
      (await f.request({ method: 'POST', url: `/rtb/win?t=${f.sign(bid)}&p=\${AUCTION_PRICE}` })).statusCode,
    ).toBe(200);
    const [row] = await f.rows(
      sql`select clearing_micros from delivery_events where event_key = ${`win:${bid.bid}`}`,
    );
    expect(Number(row?.clearing_micros)).toBe(2_000);
  });
});

describe('impressions', () => {
  it('bills 50 billing notices sent at once as one impression, once; 50 pixels record one render and bill nothing', async () => {
    const bid = f.bid();
    const settle = vi.spyOn(f.store, 'applyFold');
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => get(`/rtb/bill?t=${f.notice(bid)}&p=1.20`)),
      ...Array.from({ length: 50 }, () => get(`/rtb/imp?t=${f.browser(bid)}`, { 'user-agent': BROWSER })),
    ]);
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(await f.eventsOf(bid.bid)).toMatchObject([
      { kind: 'impression', invalid_reason: null, source: 'burl' },
      { kind: 'render', invalid_reason: null, source: 'pixel', cost_micros: 0 },
    ]);
    // 1,200 micro-units of media: 1,600 gross (160 margin, 240 commission).
    expect(Number((await f.eventsOf(bid.bid))[0]?.cost_micros)).toBe(1_600);
    expect(settle).toHaveBeenCalledTimes(1);
    expect(await f.store.totals(spendKeysOf(f.shopId, f.campaignId, f.today).map(({ key }) => key))).toEqual(
      Array(3).fill({ spentMicros: 1_600, reservedMicros: 0 }),
    );
    settle.mockRestore();
    const [spend] = await f.rows(sql`
      select count(*) as n, sum((details->>'mediaMicros')::bigint) as media,
             sum((details->>'marginMicros')::bigint) as margin, sum((details->>'commissionMicros')::bigint) as commission,
             max((details->>'campaignId')::bigint) as campaign
      from ledger_transactions where type = 'spend' and advertiser_id = ${f.shopId}`);
    // Posted as the campaign's spend: statements group it by campaign and day.
    expect([spend?.n, spend?.media, spend?.margin, spend?.commission, spend?.campaign].map(Number)).toEqual([
      1,
      1_200,
      160,
      240,
      f.campaignId,
    ]);
  });

  it('takes the price from the exchange only: a pixel at a tiny price, before or after, changes nothing', async () => {
    for (const pixelFirst of [false, true]) {
      const bid = f.bid();
      const pixel = () => get(`/rtb/imp?t=${f.browser(bid)}&p=0.000001`, { 'user-agent': BROWSER });
      expect((await get(`/rtb/win?t=${f.notice(bid)}&p=1.50`)).statusCode).toBe(200);
      if (pixelFirst) expect((await pixel()).statusCode).toBe(200);
      expect((await get(`/rtb/bill?t=${f.notice(bid)}&p=1.50`)).statusCode).toBe(200);
      if (!pixelFirst) expect((await pixel()).statusCode).toBe(200);
      // CPM 1.50: 1,500 micro-units of media, 2,000 gross, as the exchange charged.
      const events = await f.eventsOf(bid.bid);
      expect(events.find((e) => e.kind === 'impression')?.cost_micros).toBe(2_000);
      expect(events.map((e) => e.kind)).toEqual(['impression', 'render', 'win']);
    }
  });

  it('bills a billing notice that came without a win notice', async () => {
    const bid = f.bid();
    expect((await get(`/rtb/bill?t=${f.notice(bid)}&p=0.80`)).statusCode).toBe(200);
    expect(await f.eventsOf(bid.bid)).toEqual([
      { kind: 'impression', invalid_reason: null, source: 'burl', cost_micros: 1_067 },
    ]);
  });

  it('answers the pixel with a transparent GIF, never cached, and gives the browser our user id', async () => {
    const res = await get(`/rtb/imp?t=${f.browser(f.bid())}`, { 'user-agent': BROWSER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    expect(res.headers['set-cookie']).toMatch(
      /^rtb_uid=[\w-]{22}; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    // A browser that has one keeps it.
    const again = await get(`/rtb/imp?t=${f.browser(f.bid())}`, {
      cookie: 'rtb_uid=AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('records a known bot and a test request without billing them', async () => {
    const bot = f.bid();
    await f.reserve(bot, 'bot-scope');
    expect((await get(`/rtb/imp?t=${f.browser(bot)}`, { 'user-agent': GOOGLEBOT })).statusCode).toBe(200);
    expect((await get(`/rtb/bill?t=${f.notice(bot)}&p=1`)).statusCode).toBe(200);
    expect(await f.eventsOf(bot.bid)).toMatchObject([
      { kind: 'impression', invalid_reason: 'bot', cost_micros: 0 },
      { kind: 'render', invalid_reason: 'bot' },
    ]);
    // Its reservation is freed, nothing is spent.
    expect(await f.store.totals([f.scopeKey('bot-scope')])).toEqual([{ spentMicros: 0, reservedMicros: 0 }]);

    const test = f.bid({ test: true });
    await get(`/rtb/win?t=${f.notice(test)}&p=1`);
    await get(`/rtb/bill?t=${f.notice(test)}&p=1`);
    expect(await f.eventsOf(test.bid)).toMatchObject([
      { kind: 'impression', invalid_reason: 'test', cost_micros: 0 },
      { kind: 'win', invalid_reason: 'test' },
    ]);
  });
});

describe('refused notices', () => {
  const before = async () => Number((await f.rows(sql`select count(*) as n from delivery_events`))[0]?.n);

  it('refuses forged, foreign and missing tokens and prices above the bid, recording nothing', async () => {
    const count = await before();
    const bid = f.bid();
    const signed = f.sign(bid);
    const [body, signature] = signed.split('.');
    const richer = Buffer.from(JSON.stringify({ ...bid, max: 9_000_000 })).toString('base64url');
    const foreign = new BidTokens('another-signing-key-of-at-least-32-chars').sign(bid);
    const refused = [
      `/rtb/win?t=${richer}.${signature}&p=5000`,
      `/rtb/bill?t=${body}.${signature?.slice(1)}A&p=1`,
      `/rtb/imp?t=${foreign}`,
      '/rtb/loss?r=102',
      `/rtb/win?t=${signed}&t=${signed}&p=1`,
      '/rtb/bill?t=%00.%00',
      // The browser's token, read from the ad markup, is no exchange's notice; and the other way round.
      `/rtb/win?t=${f.browser(bid)}&p=1`,
      `/rtb/bill?t=${f.browser(bid)}&p=0.000001`,
      `/rtb/loss?t=${f.browser(bid)}`,
      `/rtb/imp?t=${f.notice(bid)}`,
      `/rtb/click?t=${f.notice({ ...bid, url: 'https://demo-shop.example.com/' })}`,
    ];
    for (const url of refused) {
      const res = await get(url);
      expect([url, res.statusCode, res.headers['x-rtb-reason']]).toEqual([url, 400, 'bad_token']);
    }
    for (const url of [`/rtb/win?t=${signed}&p=2.001`, `/rtb/bill?t=${signed}&p=3`]) {
      const res = await get(url);
      expect([url, res.statusCode, res.headers['x-rtb-reason']]).toEqual([url, 400, 'price_above_bid']);
    }
    expect(await before()).toBe(count);
    // The exact bid is fine.
    expect((await get(`/rtb/win?t=${signed}&p=2.000`)).statusCode).toBe(200);
  });

  it('records a loss and frees the reservation', async () => {
    const bid = f.bid();
    await f.reserve(bid, 'loss-scope');
    expect((await get(`/rtb/loss?t=${f.notice(bid)}&r=102&p=2.50`)).statusCode).toBe(200);
    expect(await f.eventsOf(bid.bid)).toMatchObject([{ kind: 'loss', invalid_reason: null }]);
    expect(await f.store.totals([f.scopeKey('loss-scope')])).toEqual([{ spentMicros: 0, reservedMicros: 0 }]);
  });

  it('frees nothing on a loss notice after the win or the billing notice', async () => {
    for (const first of ['win', 'bill'] as const) {
      const bid = f.bid();
      await f.reserve(bid, `after-${first}`);
      expect((await get(`/rtb/${first}?t=${f.notice(bid)}&p=1.50`)).statusCode).toBe(200);
      expect((await get(`/rtb/loss?t=${f.notice(bid)}&r=102`)).statusCode).toBe(200);
      const loss = (await f.eventsOf(bid.bid)).find((event) => event.kind === 'loss');
      expect(loss?.invalid_reason).toBe('loss_after_win');
      // The win's cost (2,000 gross at CPM 1.50) stays held, or the impression stays spent.
      expect(await f.store.totals([f.scopeKey(`after-${first}`)])).toEqual([
        first === 'win' ? { spentMicros: 0, reservedMicros: 2_000 } : { spentMicros: 0, reservedMicros: 0 },
      ]);
    }
  });

  it('keeps the loss reason the exchange filled in, and none for an unsubstituted or odd one', async () => {
    const reasons: (number | null)[] = [];
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the exchange's macro, left unsubstituted
    for (const r of ['102', '${AUCTION_LOSS}', 'lost', '1234567', '']) {
      const bid = f.bid();
      const query = r ? `&r=${encodeURIComponent(r)}` : '';
      expect((await get(`/rtb/loss?t=${f.sign(bid)}${query}`)).statusCode).toBe(200);
      const [row] = await f.rows<{ loss_reason: number | null }>(
        sql`select loss_reason from delivery_events where bid_id = ${bid.bid} and kind = 'loss'`,
      );
      reasons.push(row?.loss_reason ?? null);
    }
    expect(reasons).toEqual([102, null, null, null, null]);
  });
});

describe('spend on the ledger', () => {
  it('charges the advertiser the gross of its billed impressions, exactly, and credits each part', async () => {
    const micros = (purpose: string) =>
      f.rows<{ sum: string | null }>(sql`
        select sum(e.amount) as sum from ledger_entries e
        join ledger_accounts a on a.id = e.ledger_account_id
        join ledger_transactions x on x.id = e.transaction_id
        where x.type = 'spend' and x.advertiser_id = ${f.shopId} and a.purpose = ${purpose}`);
    const prices = Array.from({ length: 60 }, (_, i) => `${(0.1 + i * 0.0317).toFixed(4)}`);
    await Promise.all(prices.map((p) => get(`/rtb/bill?t=${f.sign(f.bid())}&p=${p}`)));
    const [billed] = await f.rows(sql`
      select sum(cost_micros) as gross, sum(margin_micros) as margin, sum(commission_micros) as commission
      from delivery_events where kind = 'impression' and invalid_reason is null and advertiser_id = ${f.shopId}`);
    const [account] = await f.rows(sql`
      select balance, unposted_spend_micros as gross, unposted_margin_micros as margin,
             unposted_commission_micros as commission
      from ledger_accounts where advertiser_id = ${f.shopId} and purpose = 'balance'`);
    const gross = Number(billed?.gross);
    const margin = Number(billed?.margin);
    const commission = Number(billed?.commission);
    // PLN: 10,000 micro-units a grosz.
    expect((100_000 - Number(account?.balance)) * 10_000 + Number(account?.gross)).toBe(gross);
    expect(
      Number((await micros('platform_media'))[0]?.sum) * 10_000 +
        Number(account?.gross) -
        Number(account?.margin) -
        Number(account?.commission),
    ).toBe(gross - margin - commission);
    expect(Number((await micros('platform_revenue'))[0]?.sum) * 10_000 + Number(account?.margin)).toBe(
      margin,
    );
    const [agency] = await f.rows(sql`
      select balance from ledger_accounts where agency_id = ${f.agencyId} and purpose = 'commission'`);
    expect(Number(agency?.balance ?? 0) * 10_000 + Number(account?.commission)).toBe(commission);
    // The campaign's day counts the same impressions and spend.
    const [day] = await f.rows(sql`
      select impressions, spend_micros from campaign_daily_stats where campaign_id = ${f.campaignId} and day = ${f.today}`);
    const [valid] = await f.rows(sql`
      select count(*) as n from delivery_events where kind = 'impression' and invalid_reason is null and campaign_id = ${f.campaignId}`);
    expect([Number(day?.impressions), Number(day?.spend_micros)]).toEqual([Number(valid?.n), gross]);
  });
});

describe('a database that cannot take the event', () => {
  // The log in the database only; on NATS the same is nats-outage.test.ts's.
  it.skipIf(process.env.NATS_URL)(
    'answers 503 when the append fails and logs nothing; the retried notice then counts once',
    async () => {
      const restore = await f.failInserts('delivery_event_log');
      const bid = f.bid();
      const url = `/rtb/bill?t=${f.sign(bid)}&p=1`;
      const failed = await get(url);
      expect([failed.statusCode, failed.headers['x-rtb-reason']]).toEqual([503, 'unavailable']);
      expect(await f.rows(sql`select event_key from delivery_event_log`)).toEqual([]);
      await restore();
      expect((await get(url)).statusCode).toBe(200);
      expect((await get(url)).statusCode).toBe(200);
      expect(await f.eventsOf(bid.bid)).toMatchObject([{ kind: 'impression' }]);
    },
  );

  it('acknowledges an event whose fold fails, keeps it in the log and counts it once the fold succeeds', async () => {
    const restore = await f.failInserts('stats_hourly');
    const bid = f.bid();
    await f.reserve(bid, 'scope');
    const url = `/rtb/bill?t=${f.sign(bid)}&p=1`;
    expect((await get(url)).statusCode).toBe(200);
    // A retry while it waits is the same row of the log.
    expect((await get(url)).statusCode).toBe(200);
    expect(await f.eventsOf(bid.bid)).toEqual([]);
    expect(await f.waiting()).toBe(1);
    // Nothing settled before the fold: the reservation still holds the bid.
    expect(await f.store.totals([f.scopeKey('scope')])).toEqual([
      { spentMicros: 0, reservedMicros: expect.any(Number) },
    ]);

    await restore();
    await f.folded();
    expect(await f.eventsOf(bid.bid)).toMatchObject([{ kind: 'impression' }]);
    // On JetStream the acks reach the stream a moment after the fold returns.
    await until(async () => (await f.waiting()) === 0, 'the folded events acked', 5_000);
    expect((await get(url)).statusCode).toBe(200);
    expect(await f.eventsOf(bid.bid)).toMatchObject([{ kind: 'impression' }]);
  });
});
