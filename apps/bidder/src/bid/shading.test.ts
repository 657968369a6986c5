import { winCurves } from '@rtb/db';
import { LogLogisticWinCurve, shadedBid, type WinCurveState } from '@rtb/rtb';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeCampaign, type BidderTest, createBidderTest } from '../test/bidder-harness';
import { requestBid, sendNotice, siteRequest } from '../test/exchange';

/*
 * First-price bids are shaded on their segment's win curve: a lower price at most of the wins;
 * the impression records its full price, and the reports the saving. Second-price bids never are.
 */

let b: BidderTest;
let campaignId: number;
/** 250.00 PLN gross CPM less Demo Agency's 15 % and the 20 % margin: 162,500 micro-units an impression. */
const FULL_PRICE_MICROS = 162_500;
/** Competing bids around 80,000 micro-units (the median), fitted from 1,000 notices. */
const curveState: WinCurveState = {
  location: Math.log(80_000),
  logScale: Math.log(0.3),
  locationInformation: 1,
  logScaleInformation: 1,
  observations: 1_000,
};

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await b.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const bidAt = async (at: 1 | 2, domain = 'news.example.pl') => {
  const answer = await requestBid(
    b.bidder.app,
    siteRequest({ at, site: { domain, page: `https://${domain}/a` } }),
  );
  expect(answer.bid?.cid).toBe(String(campaignId));
  return answer.bid;
};

beforeAll(async () => {
  b = await createBidderTest();
  campaignId = await activeCampaign(b.t, b, { name: 'Shaded', maxCpm: 25_000 });
  await b.t.database.db.insert(winCurves).values({
    segment: 'PLN|news.example.pl|300x250',
    state: curveState,
    observations: curveState.observations,
  });
  await b.bidder.winCurves.refresh();
  await b.bidder.live.settled();
});

afterAll(() => b?.close());

describe('bid shading', () => {
  it('bids the surplus-maximising price of a first-price segment, and records the full price and the saving', async () => {
    const curve = new LogLogisticWinCurve(curveState);
    const expected = shadedBid({
      valueMicros: FULL_PRICE_MICROS,
      auctionType: 1,
      curve,
      minWinRate: curve.winRate(FULL_PRICE_MICROS) / 2,
      floorMicros: 500,
    });
    expect(expected).toBeLessThan(FULL_PRICE_MICROS * 0.8);
    const shaded = await bidAt(1);
    expect(shaded?.price).toBe(expected / 1000);
    if (!shaded) return;
    // First price: the exchange charges the bid.
    await sendNotice(b.bidder, shaded.burl, shaded, { price: String(expected / 1000) });
    const [event] = await rows<{
      clearing_micros: string;
      unshaded_micros: string;
      bid_context: Record<string, unknown>;
    }>(
      sql`select clearing_micros, unshaded_micros, bid_context from delivery_events where bid_id = ${shaded.id} and kind = 'impression'`,
    );
    expect(Number(event?.clearing_micros)).toBe(expected);
    expect(Number(event?.unshaded_micros)).toBe(FULL_PRICE_MICROS);
    expect(event?.bid_context).toMatchObject({ at: 1, ub: FULL_PRICE_MICROS, cur: 'PLN', bid: expected });
    const [stats] = await rows<{ shaded: string; unshaded: string }>(
      sql`select sum(shaded_clearing_micros) as shaded, sum(unshaded_micros) as unshaded from stats_campaign_hourly where campaign_id = ${campaignId}`,
    );
    expect(Number(stats?.shaded)).toBe(expected);
    expect(Number(stats?.unshaded)).toBe(FULL_PRICE_MICROS);
  });

  it('never shades a second-price bid, nor one of a segment without a curve', async () => {
    expect((await bidAt(2))?.price).toBe(FULL_PRICE_MICROS / 1000);
    expect((await bidAt(1, 'other.example.pl'))?.price).toBe(FULL_PRICE_MICROS / 1000);
  });

  it('keeps a loss notice’s minimum bid to win for the curves, and refuses nonsense there', async () => {
    const lost = await bidAt(1);
    if (!lost) return;
    await sendNotice(b.bidder, lost.lurl, lost, { price: '98.70', loss: 102 });
    const absurd = await bidAt(1);
    if (!absurd) return;
    await sendNotice(b.bidder, absurd.lurl, absurd, { price: '99999.00', loss: 102 });
    const recorded = await rows<{
      bid_id: string;
      min_to_win_micros: string | null;
      bid_context: Record<string, unknown>;
    }>(
      sql`select bid_id, min_to_win_micros, bid_context from delivery_events where kind = 'loss' and bid_id in (${lost.id}, ${absurd.id})`,
    );
    const of = (id: string) => recorded.find((row) => row.bid_id === id);
    expect(Number(of(lost.id)?.min_to_win_micros)).toBe(98_700);
    expect(of(lost.id)?.bid_context).toMatchObject({ at: 1, cur: 'PLN', bid: lost.price * 1000 });
    expect(of(absurd.id)?.min_to_win_micros).toBeNull();
  });
});
