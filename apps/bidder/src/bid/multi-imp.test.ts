import {
  createCampaign,
  insertBanner,
  setCampaignStatus,
  todayOf,
  validCampaign,
} from '@rtb/api/test-helpers/campaigns';
import { campaigns } from '@rtb/db';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BidderTest, createBidderTest } from '../test/bidder-harness';
import { BROWSER, type ExchangeBid, pathOf, siteRequest, substituteMacros } from '../test/exchange';

/*
 * Requests of many imps (one page, many slots): refused past RTB_MAX_IMPS, and never allowed to
 * take more of one campaign than its frequency cap, its budget and RTB_MAX_BIDS_PER_CAMPAIGN allow.
 */

const imps = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    banner: { w: 300, h: 250 },
    bidfloor: 0.5,
    bidfloorcur: 'PLN',
  }));

async function bidsOf(b: BidderTest, count: number, id: string) {
  const res = await b.bidder.app.inject({
    method: 'POST',
    url: '/openrtb2/bid',
    payload: siteRequest({ id, imp: imps(count), user: { buyeruid: 'visitor-1' } }),
  });
  return {
    status: res.statusCode,
    reason: res.headers['x-rtb-reason'],
    message: res.headers['x-rtb-message'],
    bids: res.statusCode === 200 ? (res.json().seatbid[0].bid as ExchangeBid[]) : [],
  };
}

/** A campaign of Demo Shop (changes to the valid one), active and loaded. */
async function activeCampaign(b: BidderTest, change: Parameters<typeof validCampaign>[1]) {
  const today = await todayOf(b.t, b.shopId);
  const banner = await insertBanner(b.t, b.shopId, 'approved');
  const { id } = await createCampaign(
    b.t,
    b.shopToken,
    validCampaign(today, { bannerIds: [banner], ...change }),
  );
  await setCampaignStatus(b.t, b.shopToken, id, 'active');
  await b.bidder.live.settled();
  return id;
}

describe('the imps of one request', () => {
  let b: BidderTest;
  beforeAll(async () => {
    b = await createBidderTest();
    await activeCampaign(b, { maxCpm: 25_000 });
  });
  afterAll(() => b.close());

  it('refuses more than RTB_MAX_IMPS (20) with 400 too_many_imps before reading them', async () => {
    expect(await bidsOf(b, 21, 'many')).toMatchObject({
      status: 400,
      reason: 'too_many_imps',
      message: 'imp has more than 20 entries',
    });
    // A 5,000-imp request (about 256 kB) is refused the same way, whatever its imps hold.
    const huge = await b.bidder.app.inject({
      method: 'POST',
      url: '/openrtb2/bid',
      payload: { ...siteRequest({ id: 'huge' }), imp: Array.from({ length: 5_000 }, () => ({ id: 'x' })) },
    });
    expect([huge.statusCode, huge.headers['x-rtb-reason']]).toEqual([400, 'too_many_imps']);
    expect((await bidsOf(b, 20, 'twenty')).status).toBe(200);
  });

  it('lets one campaign bid on one imp of a request by default', async () => {
    const answer = await bidsOf(b, 20, 'one-each');
    expect(answer.bids).toHaveLength(1);
  });
});

describe('a campaign allowed several imps of a request', () => {
  let b: BidderTest;
  beforeAll(async () => {
    b = await createBidderTest({ config: { maxBidsPerCampaign: 20 } });
  });
  afterAll(() => b.close());
  afterEach(async () => {
    await b.t.database.db.update(campaigns).set({ status: 'paused' });
    await b.bidder.live.settled();
  });

  it("counts the request's own bids against the frequency cap", async () => {
    await activeCampaign(b, { maxCpm: 25_000, frequencyCap: { count: 10, period: 'day' } });
    const first = await bidsOf(b, 20, 'capped-1');
    expect(first.bids).toHaveLength(10);
    // The exchange shows them all: each billed impression counts, and the cap is reached.
    for (const bid of first.bids) {
      const res = await b.bidder.app.inject({
        method: 'GET',
        url: pathOf(substituteMacros(bid.burl, bid, { price: '100.00' })),
        headers: { 'user-agent': BROWSER },
      });
      expect(res.statusCode).toBe(200);
    }
    // Each impression counts toward the cap once its notice is folded.
    await b.bidder.folded();
    expect(await bidsOf(b, 20, 'capped-2')).toMatchObject({ status: 204, reason: 'frequency_cap' });
  });

  it('answers at most one bid an imp, each of a bounded size', async () => {
    await activeCampaign(b, { maxCpm: 25_000 });
    const res = await b.bidder.app.inject({
      method: 'POST',
      url: '/openrtb2/bid',
      payload: siteRequest({ id: 'sized', imp: imps(20), user: { buyeruid: 'visitor-2' } }),
    });
    const bids = res.json().seatbid[0].bid as ExchangeBid[];
    expect(bids).toHaveLength(20);
    // Two signed tokens, five URLs and the markup: a few kB a bid, so 20 imps answer well under 100 kB.
    expect(res.rawPayload.length / bids.length).toBeLessThan(4_096);
  });

  it('never reserves more than the budget for one request', async () => {
    // 10.00 PLN a day at 2,500.00 PLN CPM: a bid reserves 2.50 PLN, so four fit.
    const id = await activeCampaign(b, { maxCpm: 250_000, dailyBudget: 1_000 });
    expect((await bidsOf(b, 20, 'budget-1')).bids).toHaveLength(4);
    expect(await bidsOf(b, 20, 'budget-2')).toMatchObject({ status: 204, reason: 'budget' });
    await b.t.database.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, id));
  });
});
