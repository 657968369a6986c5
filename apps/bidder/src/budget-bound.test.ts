import { setTimeout as sleep } from 'node:timers/promises';
import { spendKeysOf } from '@rtb/rtb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bidder } from './app';
import type { BidderConfig } from './config';
import type { ExchangeBid } from './test/exchange';
import { expectBooksBalanced, spendBooks } from './test/spend-books';
import {
  type Billed,
  bidOnce,
  bidStorm,
  notify as notifyAt,
  recorded,
  startTwoBidders,
  type TwoBidders,
} from './test/two-bidders';

/*
 * The overspend bound (docs/operations.md) under concurrency: two bidders, as two processes
 * would be (each its own Redis connection, live index, commit queue and API dependencies), on
 * one PostgreSQL database and one Redis. Runs only against the servers (DATABASE_URL, REDIS_URL).
 *
 * The campaign: 10.00 PLN a day at 250.00 PLN gross CPM, so a bid reserves 0.25 PLN (250,000
 * micro-units). The exchange clears every bid at 130.00 PLN CPM (80 % of the 162.50 net bid):
 * 130,000 of media grossed up to 200,000 (30,000 commission, 40,000 margin) an impression.
 */
const DAILY_BUDGET_MICROS = 10_000_000;
const MAX_COST_MICROS = 250_000;
const CLEARING_CPM = '130.00';
const COST_MICROS = 200_000;

const redisUrl = process.env.REDIS_URL as string;

/** Demo Shop's campaign of 10.00 PLN a day at 250.00 PLN gross CPM, and two bidders on the shared Redis. */
const twoBidders = (change: Partial<BidderConfig>) =>
  startTwoBidders({ redisUrl, config: change, campaign: { maxCpm: 25_000, dailyBudget: 1_000 } });
const notify = (bidders: [Bidder, Bidder], made: { bid: ExchangeBid; sentAt: number }) =>
  notifyAt(bidders, made, CLEARING_CPM);

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'the daily budget under concurrency',
  () => {
    describe('every notice in time', () => {
      let s: TwoBidders;
      beforeAll(async () => {
        s = await twoBidders({});
      });
      afterAll(() => s.close());

      it('never spends past the budget, and stops within one impression of it', async () => {
        // Each bid's notices go out as soon as it is made, while the other requests still come in.
        const billed = await Promise.all(
          Array.from({ length: 300 }, async (_, i) => {
            const made = await bidOnce(s.bidders[i % 2] as Bidder, `storm${i}`);
            return made && notify(s.bidders, made);
          }),
        );
        const afterStorm = await recorded(s);
        expect(afterStorm.impressions).toBe(billed.filter(Boolean).length);
        expect(afterStorm.spendMicros).toBeLessThanOrEqual(DAILY_BUDGET_MICROS);

        // Bidding on until the bidders refuse: each billed impression freed the difference
        // between what its bid reserved and what it cost.
        let refused = 0;
        for (let i = 0; refused < 2; i++) {
          const made = await bidOnce(s.bidders[i % 2] as Bidder, `more${i}`);
          if (made) {
            await notify(s.bidders, made);
            refused = 0;
            continue;
          }
          refused++;
          // A reload that ran while impressions settled counts them twice until the next one
          // (docs/operations.md, 'Overspend bound': under-used, never overspent): what is left is
          // what the bidders refuse once they have reloaded.
          for (const b of s.bidders) b.live.reloadAdvertiser(s.b.shopId);
          await Promise.all(s.bidders.map((b) => b.live.settled()));
        }
        const final = await recorded(s);
        expect(final.daily).toEqual({ impressions: final.impressions, spendMicros: final.spendMicros });
        expect(final.spendMicros).toBe(final.impressions * COST_MICROS);
        expect(final.spendMicros).toBeLessThanOrEqual(DAILY_BUDGET_MICROS);
        // A bid needs the maximum cost free, so it stops once less than that is left: 49 of
        // 200,000 (9.80 PLN), where the budget over the cost rounded down would be 50.
        expect(DAILY_BUDGET_MICROS - final.spendMicros).toBeLessThan(MAX_COST_MICROS);
        expect(final.impressions).toBe(Math.floor((DAILY_BUDGET_MICROS - MAX_COST_MICROS) / COST_MICROS) + 1);
        expect(Math.floor(DAILY_BUDGET_MICROS / COST_MICROS) - final.impressions).toBeLessThanOrEqual(1);

        // The shared counters agree with the database and hold nothing back any more.
        const counters = await s.b.store.totals(
          spendKeysOf(s.b.shopId, s.campaignId, s.today).map(({ key }) => key),
        );
        expect(counters[0]).toEqual({ spentMicros: final.spendMicros, reservedMicros: 0 });
        // The ledger: every billed micro-unit debited or carried, each part on its account.
        const books = await spendBooks(s.b.t.database.db, s.b.shopId);
        expect(books.billed).toMatchObject({ impressions: final.impressions, gross: final.spendMicros });
        expectBooksBalanced(books);
      }, 180_000);
    });

    describe('notices after their reservation lapsed', () => {
      // Short enough to lapse between rounds; long enough that notices sent at once mostly come
      // in time, so that the late ones (and the bound) are not all of them.
      const TTL_MS = 400;
      let s: TwoBidders;
      beforeAll(async () => {
        s = await twoBidders({ reservationTtlMs: TTL_MS });
      });
      afterAll(() => s.close());

      it('overspends by no more than the late impressions may cost', async () => {
        const billed: Billed[] = [];
        let held: { bid: ExchangeBid; sentAt: number }[] = [];
        // Rounds of bids; half of each round's notices wait until the next round has bid, past
        // the reservations' time to live, so the room their reservations held was bid again.
        for (let round = 0; round < 4; round++) {
          const made = await bidStorm(s.bidders, 60, round);
          const now = made.filter((_, i) => i % 2 === 0);
          billed.push(...(await Promise.all([...now, ...held].map((m) => notify(s.bidders, m)))));
          held = made.filter((_, i) => i % 2 === 1);
          await sleep(2 * TTL_MS);
        }
        billed.push(...(await Promise.all(held.map((m) => notify(s.bidders, m)))));

        // In time: its notices were folded (their effects applied) before the reservation could lapse.
        const late = billed.filter((m) => m.countedAt >= m.sentAt + TTL_MS).length;
        const final = await recorded(s);
        const overspend = final.spendMicros - DAILY_BUDGET_MICROS;
        expect(final.impressions).toBe(billed.length);
        expect(final.daily.spendMicros).toBe(final.spendMicros);
        expect(overspend).toBeGreaterThan(0);
        expect(overspend).toBeLessThanOrEqual(late * MAX_COST_MICROS);
        expectBooksBalanced(await spendBooks(s.b.t.database.db, s.b.shopId));
      }, 180_000);
    });
  },
);
