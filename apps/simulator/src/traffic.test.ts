import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBidderLog, type FakeBidderOptions, startFakeBidder } from './fake-bidder.test-support';
import type { TrafficHealth } from './health';
import type { OutcomeSummary } from './outcome';
import type { TrafficStats } from './stats';
import { startTraffic, type Traffic } from './traffic';

const BID = 40;
const LOW_BID = 0.001;

describe('startTraffic against a bidder', () => {
  let bidder: Awaited<ReturnType<typeof startFakeBidder>>;
  let log: FakeBidderLog;
  let stats: TrafficStats;
  let health: TrafficHealth;
  const told: string[] = [];
  const seen: TrafficStats[] = [];
  const hits = (path: string) => log.hits.filter((hit) => hit.path === path);

  beforeAll(async () => {
    // Every third bid is too low to win (below any floor or rival).
    bidder = await startFakeBidder((n) => (n % 3 === 0 ? LOW_BID : BID));
    log = bidder.log;
    const traffic = startTraffic({
      url: bidder.url,
      rate: 50,
      durationSeconds: 2,
      seed: 11,
      auction: 'second',
      ctr: 0.5,
      cvr: 0.5,
      // Shoppers order a moment after their click (those still checking out when the run ends leave).
      checkoutMs: 100,
      // The fake bidder's advertiser 42 keeps its shop in euros.
      shopCurrencies: { 42: 'EUR' },
      // Answers in time however loaded the machine running the test is.
      bidTimeoutMs: 30_000,
      // Every opportunity runs, however long a loaded machine keeps the earlier ones (win, pixel,
      // click, checkout, conversion) in flight: above the default of 64 none is skipped.
      concurrency: 100,
      onStats: (s) => seen.push(s),
      log: (message) => told.push(message),
    });
    stats = await traffic.finished;
    health = traffic.health();
  });
  afterAll(() => bidder.close());

  it('sends the requests of its rate and counts bids and no-bids with their reasons', () => {
    expect(stats.requests).toBe(100);
    expect(log.requests).toHaveLength(stats.requests);
    expect(stats.bids).toBeGreaterThan(0);
    expect(stats.noBidReasons.no_matching_campaign).toBe(stats.noBids);
    expect(stats.bids + stats.noBids).toBe(stats.requests);
    expect(stats.errors).toEqual({});
    expect(seen.length).toBeGreaterThan(0);
  });

  it('sends win notices with the clearing price and the auction macros substituted', () => {
    const wins = hits('/rtb/win');
    expect(wins.length).toBe(stats.wins);
    expect(stats.wins).toBeGreaterThan(0);
    const requestIds = new Set(log.requests.map((r) => r.id));
    for (const win of wins) {
      const price = Number(win.query.get('p'));
      // Second price: more than nothing, never more than the bid.
      expect(price).toBeGreaterThan(0);
      expect(price).toBeLessThanOrEqual(BID);
      expect(requestIds.has(win.query.get('a') ?? '')).toBe(true);
      expect(['USD', 'EUR', 'PLN']).toContain(win.query.get('c'));
    }
  });

  it('renders most wins: the pixel with the cookie jar, the billing notice at the win price, spend', () => {
    const pixels = hits('/rtb/imp');
    expect(pixels.length).toBe(stats.impressions);
    expect(stats.impressions).toBeGreaterThan(0);
    const winPrice = new Map(hits('/rtb/win').map((w) => [w.query.get('b'), w.query.get('p')]));
    for (const pixel of pixels) expect(pixel.query.get('p')).toBe(winPrice.get(pixel.query.get('b')));
    const bills = hits('/rtb/bill');
    expect(bills.length).toBe(stats.impressions);
    for (const bill of bills) expect(bill.query.get('p')).toBe(winPrice.get(bill.query.get('b')));
    const spent = Object.values(stats.spend).reduce((sum, amount) => sum + amount, 0);
    expect(spent).toBeGreaterThan(0);
  });

  it('clicks (redirect not followed) and converts with the cookie the pixel set', () => {
    const clicks = hits('/rtb/click');
    expect(clicks.length).toBe(stats.clicks);
    expect(stats.clicks).toBeGreaterThan(0);
    for (const click of clicks) expect(click.cookie).toContain('rtb_uid=u-123');
    const conversions = hits('/rtb/conversion');
    expect(conversions.length).toBe(stats.conversions);
    expect(stats.conversions).toBeGreaterThan(0);
    for (const conversion of conversions) {
      expect(conversion.query.get('adv')).toBe('42');
      // In the shop's currency whatever the visitor's country: the platform refuses another.
      expect(conversion.query.get('currency')).toBe('EUR');
      expect(conversion.query.get('order')).toMatch(/^ORD-/);
      expect(Number(conversion.query.get('value'))).toBeGreaterThan(0);
      expect(conversion.cookie).toContain('rtb_uid=u-123');
    }
    expect(new Set(conversions.map((c) => c.query.get('order'))).size).toBe(conversions.length);
  });

  it('sends loss notices with the loss reason and the clearing price', () => {
    const losses = hits('/rtb/loss');
    expect(losses.length).toBe(stats.losses);
    expect(stats.losses).toBeGreaterThan(0);
    for (const loss of losses) {
      expect(['100', '102']).toContain(loss.query.get('r'));
      expect(Number(loss.query.get('p'))).toBeGreaterThan(0);
    }
  });

  it('leaves no macro unsubstituted', () => {
    for (const hit of log.hits) expect(hit.query.toString()).not.toMatch(/AUCTION_|%24%7B|\$\{/);
  });

  it('is healthy: every call answered as expected, nothing told', () => {
    const notices = stats.wins + stats.losses + stats.impressions;
    expect(health).toEqual({
      rate: 50,
      sent: stats.requests,
      bids: stats.bids,
      calls: {
        ok: stats.requests + notices + stats.impressions + stats.clicks + stats.conversions,
        failed: 0,
      },
      failing: false,
      failures: [],
      lastFailure: null,
    });
    expect(told).toEqual([]);
  });
});

/** A port nothing listens on: connections to it are refused. */
async function refusingBase(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** One second of traffic against a bidder with `faults`; what was told, with the health at that moment. */
async function runAgainst(faults: FakeBidderOptions) {
  const bidder = await startFakeBidder((n) => (n % 3 === 0 ? LOW_BID : BID), faults);
  const told: { message: string; health: TrafficHealth }[] = [];
  const traffic: Traffic = startTraffic({
    url: bidder.url,
    rate: 50,
    durationSeconds: 1,
    seed: 5,
    bidTimeoutMs: 30_000,
    log: (message) => told.push({ message, health: traffic.health() }),
  });
  const stats = await traffic.finished;
  await bidder.close();
  return { stats, health: traffic.health(), told };
}

describe('startTraffic when the notice URLs refuse connections', () => {
  let base: string;
  let run: Awaited<ReturnType<typeof runAgainst>>;

  beforeAll(async () => {
    base = await refusingBase();
    run = await runAgainst({ noticeBase: base });
  });

  it('tells each kind of notice once, at its first failure, with where to and why, never the query', () => {
    const { told, stats } = run;
    const reason = `connect ECONNREFUSED ${base.slice('http://'.length)}`;
    expect(stats.wins).toBeGreaterThan(0);
    expect(stats.losses).toBeGreaterThan(0);
    expect(told.map((t) => t.message).sort()).toEqual(
      [
        `loss notice to ${base}/rtb/loss failed: ${reason}`,
        `win notice to ${base}/rtb/win failed: ${reason}`,
        ...(stats.impressions > 0 ? [`billing notice to ${base}/rtb/bill failed: ${reason}`] : []),
      ].sort(),
    );
    // At once: the health already shows that very failure, counted once.
    for (const { message, health } of told) {
      expect(health.failing).toBe(true);
      expect(message).toContain(health.lastFailure?.url);
      expect(health.lastFailure?.count).toBe(1);
    }
  });

  it('shows the traffic failing: the notices, refused, counted; the pixels still answered', () => {
    const { health, stats } = run;
    expect(health.failing).toBe(true);
    const byKind = Object.fromEntries(health.failures.map((f) => [f.what, f]));
    expect(Object.keys(byKind).sort()).toEqual(
      ['loss_notice', 'win_notice', ...(stats.impressions > 0 ? ['billing_notice'] : [])].sort(),
    );
    expect(byKind.win_notice).toMatchObject({
      url: `${base}/rtb/win`,
      cause: 'refused',
      status: null,
      count: stats.wins,
    });
    expect(byKind.win_notice?.firstAt).toBeLessThanOrEqual(byKind.win_notice?.lastAt ?? 0);
    expect(byKind.loss_notice).toMatchObject({ url: `${base}/rtb/loss`, count: stats.losses });
    expect(stats.errors.win_notice_failed).toBe(stats.wins);
    expect(health.calls.failed).toBe(stats.wins + stats.losses + stats.impressions);
    expect(health.lastFailure).not.toBeNull();
  });
});

describe('startTraffic when the billing notices answer 503', () => {
  it('tells it once and shows billing notices failing with the status', async () => {
    const { told, health, stats } = await runAgainst({ status: { '/rtb/bill': 503 } });
    expect(stats.impressions).toBeGreaterThan(0);
    const url = health.lastFailure?.url ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/rtb\/bill$/);
    expect(told.map((t) => t.message)).toEqual([`billing notice to ${url} failed: HTTP 503`]);
    expect(health).toMatchObject({
      failing: true,
      calls: { failed: stats.impressions },
      failures: [{ what: 'billing_notice', cause: 'http_status', status: 503, count: stats.impressions }],
    });
    expect(stats.errors).toEqual({ billing_notice_http_503: stats.impressions });
  });
});

describe('a run that stops while shoppers check out', () => {
  it('ends at once, and those shoppers leave without ordering', async () => {
    const bidder = await startFakeBidder(() => BID);
    try {
      // Every rendered ad is clicked and would be bought an hour later; the run lasts a second.
      const traffic = startTraffic({
        url: bidder.url,
        rate: 20,
        durationSeconds: 1,
        seed: 5,
        ctr: 1,
        cvr: 1,
        checkoutMs: 3_600_000,
        bidTimeoutMs: 30_000,
      });
      const stats = await traffic.finished;
      expect(stats.clicks).toBeGreaterThan(0);
      expect(stats.conversions).toBe(0);
      expect(bidder.log.hits.filter((hit) => hit.path === '/rtb/conversion')).toEqual([]);
    } finally {
      await bidder.close();
    }
  });
});

describe('startTraffic in the outcome world', () => {
  let bidder: Awaited<ReturnType<typeof startFakeBidder>>;
  let log: FakeBidderLog;
  let stats: TrafficStats;
  let outcomes: OutcomeSummary | null;
  const hits = (path: string) => log.hits.filter((hit) => hit.path === path);
  const exchangeOf = (b: string | null) => log.requests[Number(b) - 1]?.source.schain?.nodes[0]?.asi;

  beforeAll(async () => {
    // Every third bid is too low to win; the shop's tag endpoint takes the visits (204).
    bidder = await startFakeBidder((n) => (n % 3 === 0 ? LOW_BID : BID), {
      lossQuery: `&m=\${AUCTION_MIN_TO_WIN}`,
      status: { '/rtb/events': 204 },
    });
    log = bidder.log;
    const traffic = startTraffic({
      url: bidder.url,
      rate: 60,
      durationSeconds: 1.5,
      seed: 3,
      outcome: { ctr: 0.3, cvr: 0.5, visitRate: 0.2 },
      shop: { tagKey: 'tag-key', shopUrl: 'https://shop.example' },
      checkoutMs: 0,
      bidTimeoutMs: 30_000,
      concurrency: 200,
    });
    stats = await traffic.finished;
    outcomes = traffic.outcomes();
  });
  afterAll(() => bidder.close());

  it("sends each exchange's requests in its auction type, with its supply chain", () => {
    expect(stats.requests).toBe(90);
    const auctions = new Map<string, Set<number>>();
    for (const request of log.requests) {
      const exchange = request.source.schain?.nodes[0]?.asi ?? '';
      auctions.set(exchange, (auctions.get(exchange) ?? new Set()).add(request.at));
    }
    expect(auctions.get('exchange-a.example')).toEqual(new Set([1]));
    expect(auctions.get('exchange-c.example')).toEqual(new Set([2]));
  });

  it('tells the minimum bid to win in loss notices where the exchange does, at or above the price paid', () => {
    const losses = hits('/rtb/loss');
    expect(losses.length).toBe(stats.losses);
    expect(losses.length).toBeGreaterThan(3);
    for (const loss of losses) {
      const exchange = exchangeOf(loss.query.get('b'));
      const minToWin = loss.query.get('m') ?? '';
      if (exchange === 'exchange-b.example') expect(minToWin).toBe(`\${AUCTION_MIN_TO_WIN}`);
      else {
        expect(Number(minToWin)).toBeGreaterThan(LOW_BID);
        expect(Number(minToWin)).toBeGreaterThanOrEqual(Number(loss.query.get('p')));
      }
    }
  });

  it('sends the visitors who browse the shop through its tag first', () => {
    const visits = hits('/rtb/events');
    expect(visits.length).toBe(stats.shopVisits);
    expect(stats.shopVisits).toBeGreaterThan(0);
  });

  it('reports per campaign what the visitors did, as the trackers saw it, beside what the truth expected', () => {
    expect(stats.errors).toEqual({});
    expect(stats.clicks).toBeGreaterThan(0);
    expect(outcomes?.campaigns).toEqual([
      expect.objectContaining({
        campaignId: '3',
        impressions: stats.impressions,
        clicks: stats.clicks,
        orders: stats.conversions,
      }),
    ]);
    const [campaign] = outcomes?.campaigns ?? [];
    expect(campaign?.expected.clicks).toBeGreaterThan(0);
    expect(campaign?.spendPln).toBeGreaterThan(0);
  });
});
