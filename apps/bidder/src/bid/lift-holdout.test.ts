import { insertBanner } from '@rtb/api/test-helpers/campaigns';
import { holdoutGroup } from '@rtb/rtb';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeCampaign, type BidderTest, createBidderTest } from '../test/bidder-harness';
import { requestBid, siteRequest } from '../test/exchange';

/*
 * A lift test holds half the campaign's visitors out: never bid on, each a ghost of the impression
 * it would have bought; the same visitor is in the same group on every request.
 */

let b: BidderTest;
let campaignId: number;

const visitor = (i: number) => `visitor-${String(i).padStart(4, '0')}-aaaaaaaa`;
const bidFor = (user: Record<string, unknown>) => requestBid(b.bidder.app, siteRequest({ user }));
/** The campaign's recorded turns of a kind (exposures or ghosts), per user, once folded. */
async function turnsOf(kind: 'exposure' | 'ghost', campaign: number, test = b) {
  await test.bidder.folded();
  const { rows } = (await test.t.database.db.execute(
    sql`select user_id, count(*)::int as turns from delivery_events where kind = ${kind} and campaign_id = ${campaign} group by user_id order by user_id`,
  )) as unknown as { rows: { user_id: string; turns: number }[] };
  return rows;
}

beforeAll(async () => {
  b = await createBidderTest();
  campaignId = await activeCampaign(b.t, b, { name: 'Lift', maxCpm: 2_000, holdoutBps: 5_000 });
  await b.bidder.live.settled();
});

afterAll(() => b?.close());

describe('a lift test’s hold-out', () => {
  it('never bids on a held-out visitor, records a ghost of each impression it would have bought, and bids on the others', async () => {
    const heldOut: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const id = visitor(i);
      const group = holdoutGroup(id, campaignId, 5_000);
      for (let again = 0; again < 2; again += 1) {
        const answer = await bidFor({ id: `exchange-${i}`, buyeruid: id });
        if (group === 'held-out') expect(answer.reason).toBe('held_out');
        else expect(answer.bid?.cid).toBe(String(campaignId));
      }
      if (group === 'held-out') heldOut.push(id);
    }
    expect(heldOut.length).toBeGreaterThan(10);
    expect(heldOut.length).toBeLessThan(30);
    // A ghost is appended beside the answer, not before it: the last ones may still be on their way.
    const ghosts = async () =>
      (await turnsOf('ghost', campaignId)).map(({ user_id, turns }) => ({ user_id, ghosts: turns }));
    await expect
      .poll(ghosts, { timeout: 10_000 })
      .toEqual(heldOut.sort().map((user_id) => ({ user_id, ghosts: 2 })));
    // The exposed group alike: an exposure at each of the campaign's turns, whatever the auction.
    const exposed = Array.from({ length: 40 }, (_, i) => visitor(i)).filter((id) => !heldOut.includes(id));
    await expect
      .poll(() => turnsOf('exposure', campaignId), { timeout: 10_000 })
      .toEqual(exposed.sort().map((user_id) => ({ user_id, turns: 2 })));
  });

  it('records no ghost of a test request, which still holds the visitor out', async () => {
    const [id, after] = Array.from({ length: 200 }, (_, i) => visitor(1_000 + i)).filter(
      (candidate) => holdoutGroup(candidate, campaignId, 5_000) === 'held-out',
    );
    const answer = await requestBid(
      b.bidder.app,
      siteRequest({ test: 1, user: { id: 'exchange-test', buyeruid: id } }),
    );
    expect(answer.reason).toBe('held_out');
    // A real request's ghost after it: once that one is recorded, the test's would be too.
    await bidFor({ id: 'exchange-after', buyeruid: after });
    const ghostsOf = async (user: string | undefined) => {
      await b.bidder.folded();
      const { rows } = (await b.t.database.db.execute(
        sql`select count(*)::int as ghosts from delivery_events where kind = 'ghost' and user_id = ${user ?? ''}`,
      )) as unknown as { rows: { ghosts: number }[] };
      return rows[0]?.ghosts;
    };
    await expect.poll(() => ghostsOf(after), { timeout: 10_000 }).toBe(1);
    expect(await ghostsOf(id)).toBe(0);
  });

  it('holds no one out by an exchange’s id: it never meets the shop’s purchases', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bidFor({ id: `exchange-only-${i}` })),
    );
    expect(answers.every((answer) => answer.bid?.cid === String(campaignId))).toBe(true);
  });
});

describe('a lift test’s hold-out behind a better campaign', () => {
  let c: BidderTest;
  afterAll(() => c?.close());

  it('holds the visitor out when its turn comes after the better campaign’s budget ran out', async () => {
    c = await createBidderTest({ config: { maxBidsPerCampaign: 20 } });
    // 10.00 PLN a day at 2,500.00 PLN CPM: the better campaign reserves four imps, then no more.
    await activeCampaign(c.t, c, { name: 'Better', maxCpm: 250_000, dailyBudget: 1_000 });
    const lift = await activeCampaign(c.t, c, { name: 'Lift behind', maxCpm: 2_000, holdoutBps: 5_000 });
    await c.bidder.live.settled();
    const [held] = Array.from({ length: 200 }, (_, i) => visitor(2_000 + i)).filter(
      (id) => holdoutGroup(id, lift, 5_000) === 'held-out',
    );
    const imps = Array.from({ length: 6 }, (_, i) => ({
      id: String(i + 1),
      banner: { w: 300, h: 250 },
      bidfloor: 0.5,
      bidfloorcur: 'PLN',
    }));
    const res = await c.bidder.app.inject({
      method: 'POST',
      url: '/openrtb2/bid',
      payload: siteRequest({ imp: imps, user: { id: 'exchange-behind', buyeruid: held } }),
    });
    const bids = res.statusCode === 200 ? (res.json().seatbid[0].bid as { cid: string }[]) : [];
    // The better campaign's four, and none of the lift test's for the two imps left.
    expect(bids.map((bid) => bid.cid)).toEqual(Array(4).fill(bids[0]?.cid));
    expect(bids[0]?.cid).not.toBe(String(lift));
    await expect
      .poll(() => turnsOf('ghost', lift, c), { timeout: 10_000 })
      .toEqual([{ user_id: held, turns: 2 }]);
    expect(await turnsOf('exposure', lift, c)).toEqual([]);
  });
});

describe('a lift test’s campaign with several creatives', () => {
  let d: BidderTest;
  afterAll(() => d?.close());

  it('records one turn per imp, exposure or ghost, however many of its creatives fit', async () => {
    d = await createBidderTest();
    const banners = [
      await insertBanner(d.t, d.shopId, 'approved'),
      await insertBanner(d.t, d.shopId, 'approved'),
    ];
    const lift = await activeCampaign(d.t, d, {
      name: 'Two creatives',
      maxCpm: 2_000,
      holdoutBps: 5_000,
      bannerIds: banners,
    });
    await d.bidder.live.settled();
    const visitors = Array.from({ length: 200 }, (_, i) => visitor(3_000 + i));
    const held = visitors.find((id) => holdoutGroup(id, lift, 5_000) === 'held-out');
    const exposed = visitors.find((id) => holdoutGroup(id, lift, 5_000) === 'exposed');
    expect(
      (await requestBid(d.bidder.app, siteRequest({ user: { id: 'exchange-h', buyeruid: held } }))).reason,
    ).toBe('held_out');
    expect(
      (await requestBid(d.bidder.app, siteRequest({ user: { id: 'exchange-e', buyeruid: exposed } }))).bid
        ?.cid,
    ).toBe(String(lift));
    await expect
      .poll(() => turnsOf('ghost', lift, d), { timeout: 10_000 })
      .toEqual([{ user_id: held, turns: 1 }]);
    await expect
      .poll(() => turnsOf('exposure', lift, d), { timeout: 10_000 })
      .toEqual([{ user_id: exposed, turns: 1 }]);
  });
});
