import { randomUUID } from 'node:crypto';
import { createAppDeps } from '@rtb/api/create-deps';
import { todayOf, type validCampaign } from '@rtb/api/test-helpers/campaigns';
import { selectRows } from '@rtb/db';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { expect } from 'vitest';
import { type Bidder, buildBidder } from '../app';
import { RedisBudgetStore } from '../budget/redis-budget-store';
import type { BidderConfig } from '../config';
import { redisConnection } from '../redis-connection';
import { testBidderConfig } from './bidder-config';
import { activeCampaign, type BidderTest, createBidderTest } from './bidder-harness';
import { testEventStream } from './event-streams';
import { type ExchangeBid, requestBid, sendNotice, siteRequest } from './exchange';

const silent = pino({ level: 'silent' });

/*
 * Two bidders, as two processes would be (each its own Redis connection, live index, commit queue
 * and API dependencies), on one database and one Redis: what the budget tests run against.
 */

export interface TwoBidders {
  b: BidderTest;
  bidders: [Bidder, Bidder];
  campaignId: number;
  today: string;
  close(): Promise<void>;
}

/** Demo Shop's campaign (`campaign` changes the valid one; paced ASAP) and two bidders sharing a Redis prefix of their own. */
export async function startTwoBidders(options: {
  redisUrl: string;
  config?: Partial<BidderConfig>;
  campaign: Parameters<typeof validCampaign>[1];
}): Promise<TwoBidders> {
  const { redisUrl } = options;
  const change = options.config ?? {};
  const prefix = `test:${randomUUID()}:`;
  const stores = [0, 1].map(
    () => new RedisBudgetStore({ redis: redisConnection(redisUrl, () => {}), prefix }),
  );
  const [first, second] = stores as [RedisBudgetStore, RedisBudgetStore];
  const b = await createBidderTest({ store: first, config: change });
  const other = await buildBidder({
    deps: createAppDeps({ db: b.t.database.db, config: b.t.deps.config }, () => silent),
    database: b.t.database,
    store: second,
    config: testBidderConfig({ natsStream: testEventStream(b.t.database), ...change }),
    logger: silent,
  });
  const today = await todayOf(b.t, b.shopId);
  const campaignId = await activeCampaign(b.t, b, options.campaign);
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

/** A bid that was made, and when its notices came. */
export interface Billed {
  bid: ExchangeBid;
  /** When its request was sent: the reservation lapses no earlier than this plus the TTL. */
  sentAt: number;
  /**
   * When its notices' budget effects were applied at the latest: both were answered, and then
   * folded by the bidder that took each (a notice's effect is applied by the fold, after its answer).
   */
  countedAt: number;
}

const pick = (bidders: [Bidder, Bidder]) => bidders[Math.random() < 0.5 ? 0 : 1] as Bidder;

/**
 * One bid request; the bid made (with when it was asked), or null when refused for one of
 * `reasons` (any other no-bid fails the test). Hundreds at once on a shared machine take longer
 * than an exchange's usual tmax: a generous one keeps every answer a decision on the budget (a
 * timeout gives its reservation back later).
 */
export async function bidOnce(bidder: Bidder, id: string, reasons: readonly string[] = ['budget']) {
  const sentAt = Date.now();
  const answer = await requestBid(bidder.app, siteRequest({ id, tmax: 20_000 }));
  if (!answer.bid) {
    expect(answer.status).toBe(204);
    expect(reasons).toContain(answer.reason);
    return null;
  }
  return { bid: answer.bid, sentAt };
}

/** Bid requests at once, alternating between the bidders; the bids made. */
export async function bidStorm(bidders: [Bidder, Bidder], count: number, round: number) {
  const made = await Promise.all(
    Array.from({ length: count }, (_, i) => bidOnce(bidders[i % 2] as Bidder, `r${round}-${i}`)),
  );
  return made.filter((m) => m !== null);
}

/** The win and billing notices of a bid at once, each to either bidder, as an exchange may send them. */
export async function notify(
  bidders: [Bidder, Bidder],
  made: { bid: ExchangeBid; sentAt: number },
  clearingCpm: string,
): Promise<Billed> {
  await Promise.all(
    [made.bid.nurl, made.bid.burl].map((url) =>
      sendNotice(pick(bidders), url, made.bid, { price: clearingCpm }),
    ),
  );
  return { ...made, countedAt: Date.now() };
}

/** What the database recorded of the campaign: billed impressions and their cost, and its day's row. */
export async function recorded(s: TwoBidders) {
  const rows = (query: ReturnType<typeof sql>) =>
    selectRows<Record<string, string | number>>(s.b.t.database.db, query);
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
