import {
  createCampaign,
  insertBanner,
  setCampaignStatus,
  todayOf,
  validCampaign,
} from '@rtb/api/test-helpers/campaigns';
import { spendKeysOf } from '@rtb/rtb';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BidderTest, createBidderTest } from './test/bidder-harness';
import {
  BROWSER,
  type ExchangeBid,
  markupUrls,
  pathOf,
  requestBid,
  siteRequest,
  substituteMacros,
} from './test/exchange';
import { expectBooksBalanced, spendBooks } from './test/spend-books';

/*
 * One impression end to end, through the bidder's and the panel's public interfaces only: a
 * campaign created and activated in the panel, a bid, the exchange's notices with its macros
 * filled in, the browser's pixel and click, the shop's conversion; then every place the
 * impression shows up (events, rollups, ledger, reports, campaign list) must agree.
 */

let b: BidderTest;
let campaignId: number;
let today: string;

const LANDING_PAGE = 'https://shop.example.com/';
/*
 * The campaign bids 250.00 PLN gross CPM, 162.50 PLN net of the 20 % margin and Demo Agency's
 * 15 % commission. The exchange clears it at 123.45 PLN CPM: 123,450 micro-units of media per
 * impression, grossed up to ceil(123,450 / 0.65) = 189,924; of it the commission is
 * floor(189,924 x 0.15) = 28,488 and the margin the rest, 37,986.
 */
const CLEARING_CPM = '123.45';
const COST = { gross: 189_924, media: 123_450, margin: 37_986, commission: 28_488 };
/*
 * postSpend debits each part's whole minor units (10,000 micro-units of PLN) and carries the rest
 * on the balance account: media 12 (3,450 left), commission 2 (8,488), margin 3 (7,986).
 */
const POSTED = { media: 12, commission: 2, margin: 3 };
const UNPOSTED = { gross: 3_450 + 8_488 + 7_986, margin: 7_986, commission: 8_488 };

const rows = async <T = Record<string, unknown>>(query: SQL) =>
  ((await b.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
/** A tracker's answer, once its event is folded into the records too. */
const get = async (url: string, headers: Record<string, string> = {}) => {
  const answer = await b.bidder.app.inject({
    method: 'GET',
    url: pathOf(url),
    headers: { 'user-agent': BROWSER, ...headers },
  });
  await b.bidder.folded();
  return answer;
};
const bidOf = async (change: Record<string, unknown> = {}): Promise<ExchangeBid> => {
  const answer = await requestBid(b.bidder.app, siteRequest(change));
  expect(answer.status, answer.reason).toBe(200);
  return answer.bid as ExchangeBid;
};
const scopeTotals = () => b.store.totals(spendKeysOf(b.shopId, campaignId, today).map(({ key }) => key));

beforeAll(async () => {
  b = await createBidderTest();
  today = await todayOf(b.t, b.shopId);
  const bannerId = await insertBanner(b.t, b.shopId, 'approved');
  ({ id: campaignId } = await createCampaign(
    b.t,
    b.shopToken,
    validCampaign(today, { name: 'Flow', bannerIds: [bannerId], maxCpm: 25_000, pacing: 'asap' }),
  ));
  await setCampaignStatus(b.t, b.shopToken, campaignId, 'active');
  await b.bidder.live.settled();
});
afterAll(() => b.close());

describe('one impression from the bid to the reports', () => {
  let before: Awaited<ReturnType<typeof spendBooks>>;
  let bid: ExchangeBid;

  it('bids, takes the notices, the pixel, the click and the conversion', async () => {
    before = await spendBooks(b.t.database.db, b.shopId);
    bid = await bidOf();
    expect(bid.price).toBe(162.5);
    const won = { price: CLEARING_CPM };
    expect((await get(substituteMacros(bid.nurl, bid, won))).statusCode).toBe(200);
    // The exchange fills in the markup's macros before serving it; the browser loads the pixel.
    const { pixel, click } = markupUrls(substituteMacros(bid.adm, bid, won));
    const seen = await get(pixel);
    expect([seen.statusCode, seen.headers['content-type']]).toEqual([200, 'image/gif']);
    const cookie = String(seen.headers['set-cookie']).split(';')[0] as string;
    expect(cookie).toMatch(/^rtb_uid=[\w-]{22}$/);
    // The billing notice of the same impression: the exchange bills it, once.
    expect((await get(substituteMacros(bid.burl, bid, won))).statusCode).toBe(200);
    const clicked = await get(click, { cookie });
    expect([clicked.statusCode, clicked.headers.location]).toEqual([302, LANDING_PAGE]);
    // The shopper orders later: less than 10 s after the click would be held as a bot's order.
    b.passTime(15_000);
    const converted = await get(
      `http://rtb.test/rtb/conversion?adv=${b.shopId}&order=ORDER-1&value=99.90&currency=PLN`,
      { cookie },
    );
    expect(converted.statusCode).toBe(200);
  });

  it('records one win, one impression, its render, one valid click and a conversion attributed to the click', async () => {
    const events = await rows<{
      kind: string;
      source: string;
      invalid_reason: string | null;
      cost: string;
    }>(sql`
      select kind, source, invalid_reason, cost_micros as cost from delivery_events
      where bid_id = ${bid.id} and kind <> 'conversion' order by kind`);
    expect(events.map((e) => [e.kind, e.source, e.invalid_reason, Number(e.cost)])).toEqual([
      ['click', 'click', null, 0],
      ['impression', 'burl', null, COST.gross],
      ['render', 'pixel', null, 0],
      ['win', 'nurl', null, 0],
    ]);
    const [conversion] = await rows(sql`
      select bid_id, campaign_id, attribution, value_minor from delivery_events where kind = 'conversion'`);
    expect(conversion).toMatchObject({ bid_id: bid.id, attribution: 'click' });
    expect([Number(conversion?.campaign_id), Number(conversion?.value_minor)]).toEqual([campaignId, 9_990]);
  });

  it('adds exactly the events to the hourly and daily rollups', async () => {
    const [hourly] = await rows(sql`
      select sum(wins) as wins, sum(impressions) as impressions, sum(invalid_impressions) as invalid,
             sum(clicks) as clicks, sum(click_conversions) as conversions,
             sum(conversion_value_minor) as value, sum(clearing_micros) as clearing, sum(spend_micros) as spend,
             sum(margin_micros) as margin, sum(commission_micros) as commission
      from stats_hourly where campaign_id = ${campaignId}`);
    expect(Object.fromEntries(Object.entries(hourly ?? {}).map(([k, v]) => [k, Number(v)]))).toEqual({
      wins: 1,
      impressions: 1,
      invalid: 0,
      clicks: 1,
      conversions: 1,
      value: 9_990,
      clearing: COST.media,
      spend: COST.gross,
      margin: COST.margin,
      commission: COST.commission,
    });
    const days = await rows(sql`
      select day::text as day, impressions, clicks, spend_micros from campaign_daily_stats
      where campaign_id = ${campaignId}`);
    expect(days.map((d) => [d.day, Number(d.impressions), Number(d.clicks), Number(d.spend_micros)])).toEqual(
      [[today, 1, 1, COST.gross]],
    );
  });

  it("charges the advertiser's balance the whole minor units of each part and carries the rest", async () => {
    const after = await spendBooks(b.t.database.db, b.shopId);
    const charged = POSTED.media + POSTED.commission + POSTED.margin;
    expect(before.balance - after.balance).toBe(charged);
    expect(after.posted).toEqual({
      balance: before.posted.balance - charged,
      media: before.posted.media + POSTED.media,
      revenue: before.posted.revenue + POSTED.margin,
      commission: before.posted.commission + POSTED.commission,
    });
    expect(after.unposted).toEqual(UNPOSTED);
    expect(after.billed).toEqual({ impressions: 1, ...COST });
    expectBooksBalanced(after);
    // The budget counters: the impression's cost spent, nothing left reserved.
    expect(await scopeTotals()).toEqual(
      Array.from({ length: 3 }, () => ({ spentMicros: COST.gross, reservedMicros: 0 })),
    );
  });

  it("shows the impression, click, spend and conversion in the advertiser's report and campaign list", async () => {
    const report = await b.t.call({
      method: 'GET',
      url: '/api/advertiser/reports?by=campaign',
      token: b.shopToken,
    });
    expect(report.status).toBe(200);
    const delivered = {
      impressions: 1,
      clicks: 1,
      spendMicros: COST.gross,
      conversions: 1,
      conversionValueMinor: 9_990,
    };
    expect(report.body.data.report.totals).toMatchObject(delivered);
    expect(report.body.data.report.chart.find((d: { period: string }) => d.period === today)).toMatchObject(
      delivered,
    );
    expect(report.body.data.report.rows.elements).toEqual([
      expect.objectContaining({ period: today, key: String(campaignId), ...delivered }),
    ]);

    const list = await b.t.call({ method: 'GET', url: '/api/advertiser/campaigns', token: b.shopToken });
    expect(list.status).toBe(200);
    const listed = list.body.data.campaigns.elements.find((c: { id: number }) => c.id === campaignId);
    expect(listed.stats).toMatchObject({
      spendTodayMicros: COST.gross,
      spendTotalMicros: COST.gross,
      impressions: 1,
      clicks: 1,
    });
  });
});

describe('bids that are not charged', () => {
  it('gives a lost bid its reservation back', async () => {
    const [spentBefore] = await scopeTotals();
    const bid = await bidOf({ id: 'lost' });
    const reserved = await scopeTotals();
    expect(reserved.map((s) => s.reservedMicros)).toEqual([250_000, 250_000, 250_000]);
    const lost = await get(substituteMacros(bid.lurl, bid, { price: '170.00', loss: 102 }));
    expect(lost.statusCode).toBe(200);
    expect(await scopeTotals()).toEqual(
      Array.from({ length: 3 }, () => ({ spentMicros: spentBefore?.spentMicros, reservedMicros: 0 })),
    );
    const [loss] = await rows(sql`select kind from delivery_events where bid_id = ${bid.id}`);
    expect(loss).toEqual({ kind: 'loss' });
  });

  it('tracks a bid on a test request but never charges it', async () => {
    const books = await spendBooks(b.t.database.db, b.shopId);
    const counters = await scopeTotals();
    const [daily] = await rows(sql`select * from campaign_daily_stats where campaign_id = ${campaignId}`);
    const bid = await bidOf({ id: 'test', test: 1 });
    const won = { price: '150.00' };
    const { pixel, click } = markupUrls(substituteMacros(bid.adm, bid, won));
    for (const url of [bid.nurl, bid.burl].map((u) => substituteMacros(u, bid, won)).concat([pixel]))
      expect((await get(url)).statusCode).toBe(200);
    expect((await get(click)).statusCode).toBe(302);
    const events = await rows<{ kind: string; invalid_reason: string; cost: string }>(sql`
      select kind, invalid_reason, cost_micros as cost from delivery_events where bid_id = ${bid.id} order by kind`);
    expect(events.map((e) => [e.kind, e.invalid_reason, Number(e.cost)])).toEqual([
      ['click', 'test', 0],
      ['impression', 'test', 0],
      ['render', 'test', 0],
      ['win', 'test', 0],
    ]);
    expect(await spendBooks(b.t.database.db, b.shopId)).toEqual(books);
    expect(await scopeTotals()).toEqual(counters);
    expect(await rows(sql`select * from campaign_daily_stats where campaign_id = ${campaignId}`)).toEqual([
      daily,
    ]);
  });
});
