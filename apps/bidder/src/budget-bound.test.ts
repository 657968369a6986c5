import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAppDeps } from '@rtb/api';
import {
  createCampaign,
  insertBanner,
  setCampaignStatus,
  todayOf,
  validCampaign,
} from '@rtb/api/test-helpers/campaigns';
import { spendKeysOf } from '@rtb/rtb';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bidder, buildBidder } from './app';
import { RedisBudgetStore } from './budget/redis-budget-store';
import type { BidderConfig } from './config';
import { testBidderConfig } from './test/bidder-config';
import { type BidderTest, createBidderTest } from './test/bidder-harness';
import { type ExchangeBid, requestBid, sendNotice, siteRequest } from './test/exchange';
import { expectBooksBalanced, spendBooks } from './test/spend-books';

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
const silent = pino({ level: 'silent' });

interface Setup {
  b: BidderTest;
  bidders: [Bidder, Bidder];
  campaignId: number;
  today: string;
  close(): Promise<void>;
}

/** Demo Shop's campaign and two bidders with the config given, sharing a Redis prefix of their own. */
async function twoBidders(change: Partial<BidderConfig>): Promise<Setup> {
  const prefix = `test:${randomUUID()}:`;
  const stores = [0, 1].map(() => new RedisBudgetStore({ redis: new Redis(redisUrl), prefix }));
  const [first, second] = stores as [RedisBudgetStore, RedisBudgetStore];
  const b = await createBidderTest({ store: first, config: change });
  const other = await buildBidder({
    deps: createAppDeps({ db: b.t.database.db, config: b.t.deps.config }, () => silent),
    database: b.t.database,
    store: second,
    config: testBidderConfig(change),
    logger: silent,
  });
  const today = await todayOf(b.t, b.shopId);
  const banner = await insertBanner(b.t, b.shopId, 'approved');
  const { id: campaignId } = await createCampaign(
    b.t,
    b.shopToken,
    validCampaign(today, { bannerIds: [banner], maxCpm: 25_000, dailyBudget: 1_000, pacing: 'asap' }),
  );
  await setCampaignStatus(b.t, b.shopToken, campaignId, 'active');
  await Promise.all([b.bidder.live.settled(), other.live.settled()]);
  return {
    b,
    bidders: [b.bidder, other],
    campaignId,
    today,
    async close() {
      await other.close();
      await b.close();
      const cleaner = new Redis(redisUrl);
      const keys = await cleaner.keys(`${prefix}*`);
      if (keys.length) await cleaner.del(...keys);
      await cleaner.quit();
      await Promise.all(stores.map((store) => store.close()));
    },
  };
}

/** A bid that was made, and whether its notices arrived before its reservation could lapse. */
interface Billed {
  bid: ExchangeBid;
  /** When its request was sent: the reservation lapses no earlier than this plus the TTL. */
  sentAt: number;
  /** When the first of its win and billing notices was answered (each applies its effect first). */
  firstNoticeAt: number;
}

const pick = (bidders: [Bidder, Bidder]) => bidders[Math.random() < 0.5 ? 0 : 1];

/**
 * One bid request; the bid made (with when it was asked), or null when refused for the budget.
 * Hundreds at once on a shared machine take longer than an exchange's usual tmax: a generous one
 * keeps every answer a decision on the budget (a timeout gives its reservation back later).
 */
async function bidOnce(bidder: Bidder, id: string) {
  const sentAt = Date.now();
  const answer = await requestBid(bidder.app, siteRequest({ id, tmax: 20_000 }));
  if (!answer.bid) {
    expect([answer.status, answer.reason]).toEqual([204, 'budget']);
    return null;
  }
  return { bid: answer.bid, sentAt };
}

/** Bid requests at once, alternating between the bidders; the bids made. */
async function bidStorm(bidders: [Bidder, Bidder], count: number, round: number) {
  const made = await Promise.all(
    Array.from({ length: count }, (_, i) => bidOnce(bidders[i % 2] as Bidder, `r${round}-${i}`)),
  );
  return made.filter((m) => m !== null);
}

/** The win and billing notices of a bid at once, each to either bidder, as an exchange may send them. */
async function notify(
  bidders: [Bidder, Bidder],
  made: { bid: ExchangeBid; sentAt: number },
): Promise<Billed> {
  const answeredAt = await Promise.all(
    [made.bid.nurl, made.bid.burl].map(async (url) => {
      await sendNotice(pick(bidders).app, url, made.bid, { price: CLEARING_CPM });
      return Date.now();
    }),
  );
  return { ...made, firstNoticeAt: Math.min(...answeredAt) };
}

/** What the database recorded of the campaign: billed impressions and their cost, and its day's row. */
async function recorded(s: Setup) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await s.b.t.database.db.execute(query)) as unknown as { rows: Record<string, string | number>[] }).rows;
  const [events] = await rows(sql`
    select count(*) as n, coalesce(sum(cost_micros), 0) as spend from delivery_events
    where campaign_id = ${s.campaignId} and kind = 'impression' and invalid_reason is null`);
  const [day] = await rows(sql`
    select impressions, spend_micros from campaign_daily_stats where campaign_id = ${s.campaignId} and day = ${s.today}`);
  return {
    impressions: Number(events?.n),
    spendMicros: Number(events?.spend),
    daily: { impressions: Number(day?.impressions ?? 0), spendMicros: Number(day?.spend_micros ?? 0) },
  };
}

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'the daily budget under concurrency',
  () => {
    describe('every notice in time', () => {
      let s: Setup;
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
          if (made) await notify(s.bidders, made);
          else refused++;
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
        const counters = await s.b.store.totals(spendKeysOf(s.b.shopId, s.campaignId, s.today));
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
      let s: Setup;
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

        // In time: a notice was answered (its effect applied) before the reservation could lapse.
        const late = billed.filter((m) => m.firstNoticeAt >= m.sentAt + TTL_MS).length;
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
