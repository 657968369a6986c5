import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBidderLog, startFakeBidder } from './fake-bidder.test-support';
import type { TrafficStats } from './stats';
import { startTraffic } from './traffic';

const BID = 40;
const LOW_BID = 0.001;

describe('startTraffic against a bidder', () => {
  let bidder: Awaited<ReturnType<typeof startFakeBidder>>;
  let log: FakeBidderLog;
  let stats: TrafficStats;
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
      // Answers in time however loaded the machine running the test is.
      bidTimeoutMs: 30_000,
      onStats: (s) => seen.push(s),
    });
    stats = await traffic.finished;
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
