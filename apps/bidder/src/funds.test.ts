import { randomUUID } from 'node:crypto';
import {
  createCampaign,
  insertBanner,
  setCampaignStatus,
  todayOf,
  validCampaign,
} from '@rtb/api/test-helpers/campaigns';
import { demoAccounts } from '@rtb/db';
import { advertiserSpendKey } from '@rtb/rtb';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBudgetStore } from './budget/memory-budget-store';
import { type BidderTest, createBidderTest } from './test/bidder-harness';
import { type ExchangeBid, requestBid, sendNotice, siteRequest } from './test/exchange';
import { expectBooksBalanced, spendBooks } from './test/spend-books';

/*
 * An advertiser with 2.00 PLN and no credit, and a campaign at 500.00 PLN gross CPM: 325.00 net
 * of the 20 % margin and 15 % commission, so a bid reserves 0.50 PLN (500,000 micro-units) and
 * an impression cleared at the bid costs exactly that. Four impressions use the funds up.
 */
const FUNDS_MICROS = 2_000_000;
const IMPRESSION_MICROS = 500_000;
const CLEARING_AT_BID = '325.00';
const RESERVATION_TTL_MS = 60_000;

let b: BidderTest;
let campaignId: number;
let today: string;
/** The budget counters' clock: reservations lapse when the test moves it on. */
const clock = { now: Date.now() };

const bid = () => requestBid(b.bidder.app, siteRequest());
const fundsTotals = async () => (await b.store.totals([advertiserSpendKey(b.shopId)]))[0];
const books = () => spendBooks(b.t.database.db, b.shopId);
/** The exchange's win and billing notices of a bid it cleared at the bid's price. */
async function winAndBill(won: ExchangeBid) {
  for (const url of [won.nurl, won.burl]) await sendNotice(b.bidder, url, won, { price: CLEARING_AT_BID });
}
async function bidsWon(count: number): Promise<ExchangeBid[]> {
  const won: ExchangeBid[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await bid();
    expect(answer.status, answer.reason).toBe(200);
    won.push(answer.bid as ExchangeBid);
  }
  return won;
}

beforeAll(async () => {
  b = await createBidderTest({
    balanceMinor: 200,
    store: new MemoryBudgetStore({ now: () => clock.now }),
    config: { reservationTtlMs: RESERVATION_TTL_MS },
  });
  today = await todayOf(b.t, b.shopId);
  const banner = await insertBanner(b.t, b.shopId, 'approved');
  ({ id: campaignId } = await createCampaign(
    b.t,
    b.shopToken,
    validCampaign(today, { bannerIds: [banner], maxCpm: 50_000, pacing: 'asap' }),
  ));
  await setCampaignStatus(b.t, b.shopToken, campaignId, 'active');
  await b.bidder.live.settled();
});
afterAll(() => b.close());

describe('an advertiser running out of funds', () => {
  let inTime: ExchangeBid[];
  let late: ExchangeBid[];

  it('stops bidding once the bids in flight hold all its funds', async () => {
    late = await bidsWon(FUNDS_MICROS / IMPRESSION_MICROS);
    const refused = await bid();
    expect([refused.status, refused.reason]).toEqual([204, 'budget']);
    // Nothing is spent yet: the reservations alone stopped it.
    expect((await books()).balance).toBe(200);
    expect(await fundsTotals()).toEqual({ spentMicros: 0, reservedMicros: FUNDS_MICROS });
  });

  it('bids again when reservations lapse without a notice', async () => {
    clock.now += RESERVATION_TTL_MS + 1;
    expect(await fundsTotals()).toEqual({ spentMicros: 0, reservedMicros: 0 });
    inTime = await bidsWon(FUNDS_MICROS / IMPRESSION_MICROS);
    expect((await bid()).reason).toBe('budget');
  });

  it('charges every billed impression, the late ones too, without taking the balance below zero', async () => {
    for (const won of [...inTime, ...late]) await winAndBill(won);
    const after = await books();
    // Eight impressions of 0.50 PLN: the 2.00 PLN balance pays four, the rest waits unposted.
    expect(after.billed).toMatchObject({ impressions: 8, gross: 8 * IMPRESSION_MICROS });
    expect(after.balance).toBe(0);
    expect(after.unposted.gross).toBe(8 * IMPRESSION_MICROS - FUNDS_MICROS);
    expectBooksBalanced(after);
    const [lowest] = await b.t.database.db
      .execute(sql`select min(e.balance_after) as lowest from ledger_entries e
        join ledger_accounts a on a.id = e.ledger_account_id
        where a.advertiser_id = ${b.shopId} and a.purpose = 'balance'`)
      .then((r) => (r as unknown as { rows: { lowest: string }[] }).rows);
    expect(Number(lowest?.lowest)).toBe(0);
    // The overspend is what the impressions billed after their reservation lapsed may cost at most.
    expect(after.billed.gross - FUNDS_MICROS).toBeLessThanOrEqual(late.length * IMPRESSION_MICROS);
  });

  it('keeps the campaign without a bid: the funds reloaded from the ledger leave nothing', async () => {
    await b.bidder.live.settled();
    const campaign = b.bidder.live.campaign(campaignId);
    expect(campaign).toBeDefined();
    const funds = b.bidder.live.scopesOf(campaign as NonNullable<typeof campaign>, today)?.at(-1);
    const totals = await fundsTotals();
    const left = (funds?.limitMicros ?? 0) - (totals?.spentMicros ?? 0) - (totals?.reservedMicros ?? 0);
    // The ledger has no balance and 2.00 PLN carried unposted: never more than that is left. The
    // reload the last impression's commit set off may have read the counters before that
    // impression was settled there, counting it twice (on the safe side) until the next reload.
    const ledgerFunds = -(8 * IMPRESSION_MICROS - FUNDS_MICROS);
    expect(left).toBeLessThanOrEqual(ledgerFunds);
    expect(left).toBeGreaterThanOrEqual(ledgerFunds - IMPRESSION_MICROS);
    expect(await bid()).toMatchObject({ status: 204, reason: 'budget' });
  });

  it('bids again after a top-up, and the next impression posts what was carried', async () => {
    const admin = await b.t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    const topUp = await b.t.call({
      method: 'POST',
      url: `/api/admin/advertisers/${b.shopId}/top-ups`,
      token: admin,
      headers: { 'idempotency-key': randomUUID() },
      payload: { type: 'manual_top_up', amount: 500, reason: 'Funds' },
    });
    expect(topUp.status, JSON.stringify(topUp.body)).toBeLessThan(300);
    await b.bidder.live.settled();
    const [won] = await bidsWon(1);
    await winAndBill(won as ExchangeBid);
    const after = await books();
    // 5.00 PLN in; 2.50 PLN owed (2.00 carried, 0.50 new): each part's whole minor units, 2.49,
    // are posted, and 10,000 micro-units stay carried (5,000 of media, 5,000 of commission).
    expect(after.billed.gross).toBe(9 * IMPRESSION_MICROS);
    expect(after.balance).toBe(500 - 249);
    expect(after.unposted).toEqual({ gross: 10_000, margin: 0, commission: 5_000 });
    expectBooksBalanced(after);
  });
});
