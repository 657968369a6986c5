import { setTimeout as sleep } from 'node:timers/promises';
import { deliveryFoldEffects } from '@rtb/db';
import { type PrivateRedis, redisServerAvailable, startPrivateRedis, until } from '@rtb/operations/testing';
import { type CampaignInput, campaignDayKey } from '@rtb/rtb';
import { count, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bidder } from '../app';
import { requestBid, siteRequest } from '../test/exchange';
import { expectBooksBalanced, spendBooks } from '../test/spend-books';
import { type Billed, notify, recorded, startTwoBidders, type TwoBidders } from '../test/two-bidders';

/*
 * Redis is a cache of the money state, never its truth (docs/operations.md, 'Overspend bound'):
 * two bidders share a Redis of the test's own, which is stopped without saving (its counters and
 * reservations are gone) and started again empty while the exchange keeps bidding and notifying.
 *
 * The campaign: 10.00 PLN a day at 250.00 PLN gross CPM, so a bid reserves 0.25 PLN; every bid
 * clears at 130.00 PLN CPM, which costs 0.20 PLN gross an impression.
 */
const DAILY_BUDGET_MICROS = 10_000_000;
const MAX_COST_MICROS = 250_000;
const CLEARING_CPM = '130.00';
const COST_MICROS = 200_000;
/** What a bid may meet while Redis is away and while the bidders work their counters out again. */
const OUTAGE_REASONS = ['budget', 'unavailable', 'budget_unknown', 'timeout'];

const canRun = await redisServerAvailable();

describe.runIf(canRun)('a Redis restarted empty under two bidders', () => {
  let redis: PrivateRedis;
  let s: TwoBidders;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    s = await startTwoBidders({
      redisUrl: redis.url,
      campaign: { maxCpm: 25_000, dailyBudget: 1_000 },
    });
  });
  afterAll(async () => {
    await s?.close();
    await redis?.destroy();
  });

  it('spends within the bound and re-derives every counter from the database', async () => {
    const billed: Billed[] = [];
    let restartedAt = Number.POSITIVE_INFINITY;
    let refusedInARow = 0;
    let sequence = 0;
    // Six exchanges' worth of auctions in parallel, each bid notified at once to either bidder,
    // until the campaign is refused for its budget ten times in a row.
    const auction = async (): Promise<void> => {
      while (refusedInARow < 10) {
        const i = sequence++;
        const sentAt = Date.now();
        const answer = await requestBid(
          (s.bidders[i % 2] as Bidder).app,
          siteRequest({ id: `a${i}`, tmax: 20_000 }),
        );
        if (!answer.bid) {
          expect(OUTAGE_REASONS).toContain(answer.reason);
          // Only the budget's refusals end the run; the outage's pass.
          refusedInARow = answer.reason === 'budget' ? refusedInARow + 1 : 0;
          await sleep(20);
          continue;
        }
        refusedInARow = 0;
        billed.push(await notify(s.bidders, { bid: answer.bid, sentAt }, CLEARING_CPM));
      }
    };
    const exchanges = Array.from({ length: 6 }, () => auction());
    // Half the budget spent, then the restart: a counter made anew from zero would let all of it
    // be spent again.
    while ((await recorded(s)).spendMicros < DAILY_BUDGET_MICROS / 2) await sleep(20);
    restartedAt = Date.now();
    await redis.stop();
    await sleep(500);
    await redis.start();
    await Promise.all(exchanges);

    const final = await recorded(s);
    expect(final.impressions).toBe(billed.length);
    expect(final.daily.spendMicros).toBe(final.spendMicros);
    expect(final.spendMicros).toBe(final.impressions * COST_MICROS);
    // The bound: only bids whose reservation the restart took away (made before it, their
    // notices folded after) may cost past the budget, each at most its maximum.
    const reservationsLost = billed.filter((m) => m.sentAt < restartedAt && m.countedAt >= restartedAt);
    expect(final.spendMicros).toBeLessThanOrEqual(
      DAILY_BUDGET_MICROS + reservationsLost.length * MAX_COST_MICROS,
    );
    // And the campaign spent its budget after the restart: it was not left stuck.
    expect(DAILY_BUDGET_MICROS - final.spendMicros).toBeLessThan(MAX_COST_MICROS);

    // Each bidder's counters, relative to the new Redis, add up to the database's spend, once the
    // folds that could not reach Redis while it was away have been applied by their folders.
    await until(
      async () =>
        (
          await s.b.t.database.db
            .select({ n: count() })
            .from(deliveryFoldEffects)
            .where(isNull(deliveryFoldEffects.appliedAt))
        )[0]?.n === 0,
      'the folds made while Redis was away applied to its counters',
      10_000,
    );
    for (const bidder of s.bidders) {
      await bidder.live.settled();
      const campaign = bidder.live.campaign(s.campaignId) as CampaignInput;
      const [day] = await s.b.store.totals([campaignDayKey(s.b.shopId, s.campaignId, s.today)]);
      expect(bidder.live.spentOn(campaign, s.today, day?.spentMicros ?? 0)).toBe(final.spendMicros);
    }
    expectBooksBalanced(await spendBooks(s.b.t.database.db, s.b.shopId));
  }, 180_000);
});
