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
    const ghosts = async () => {
      await b.bidder.folded();
      const { rows } = (await b.t.database.db.execute(
        sql`select user_id, count(*)::int as ghosts from delivery_events where kind = 'ghost' and campaign_id = ${campaignId} group by user_id order by user_id`,
      )) as unknown as { rows: { user_id: string; ghosts: number }[] };
      return rows;
    };
    await expect
      .poll(ghosts, { timeout: 10_000 })
      .toEqual(heldOut.sort().map((user_id) => ({ user_id, ghosts: 2 })));
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
