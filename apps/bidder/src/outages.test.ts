import { randomUUID } from 'node:crypto';
import {
  createCampaign,
  insertBanner,
  setCampaignStatus,
  todayOf,
  validCampaign,
} from '@rtb/api/test-helpers/campaigns';
import { databaseReadiness, type Readiness } from '@rtb/operations';
import { type PrivatePostgres, type PrivateRedis, until } from '@rtb/operations/testing';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisBudgetStore } from './budget/redis-budget-store';
import { redisConnection } from './redis-connection';
import { type BidderTest, createBidderTest } from './test/bidder-harness';
import { type ExchangeBid, pathOf, siteRequest, substituteMacros } from './test/exchange';
import { privateServersAvailable, startPrivateServers } from './test/private-servers';

/*
 * The bidder while its database or its Redis is away (servers of the test's own, stopped and
 * started again): notices get their 503 within RTB_COMMIT_TIMEOUT_MS, bidding stops while spend
 * cannot be recorded, readiness names the part that fails, and everything comes back by itself.
 */

const canRun = privateServersAvailable('outages.test.ts');

describe.runIf(canRun)('a bidder whose database or Redis goes away', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let b: BidderTest;
  let readiness: Readiness;

  beforeAll(async () => {
    // Connections give up fast, as in production: the outage is seen in seconds.
    const servers = await startPrivateServers({ poolSize: 5, connectionTimeoutMs: 1_000 });
    ({ postgres, redis } = servers);
    const database = servers.database;
    readiness = databaseReadiness(database);
    b = await createBidderTest({
      database,
      store: new RedisBudgetStore({
        redis: redisConnection(redis.url, () => {}),
        prefix: `t:${randomUUID()}:`,
      }),
      readiness,
      operations: { registry: new Registry() },
      config: { commitTimeoutMs: 1_000 },
    });
    const today = await todayOf(b.t, b.shopId);
    const banner = await insertBanner(b.t, b.shopId, 'approved');
    const { id } = await createCampaign(
      b.t,
      b.shopToken,
      validCampaign(today, { bannerIds: [banner], maxCpm: 25_000 }),
    );
    await setCampaignStatus(b.t, b.shopToken, id, 'active');
    await b.bidder.live.settled();
  }, 120_000);
  afterAll(async () => {
    await b?.close().catch(() => {});
    await b?.store.close().catch(() => {});
    await redis?.destroy();
    await postgres?.destroy();
  });

  const bid = async (id: string) => {
    const res = await b.bidder.app.inject({
      method: 'POST',
      url: '/openrtb2/bid',
      payload: siteRequest({ id, tmax: 5_000 }),
    });
    expect(res.statusCode).not.toBeGreaterThanOrEqual(500);
    return {
      status: res.statusCode,
      reason: res.headers['x-rtb-reason'],
      bid: res.statusCode === 200 ? (res.json().seatbid[0].bid[0] as ExchangeBid) : null,
    };
  };
  /** The first bid made, asking again until one is (a campaign just back may not bid at once). */
  const firstBid = async (what: string): Promise<ExchangeBid> => {
    let made: ExchangeBid | null = null;
    await until(async () => {
      made = (await bid(`try-${randomUUID()}`)).bid;
      return made !== null;
    }, what);
    return made as unknown as ExchangeBid;
  };
  const readyz = async () => {
    const res = await b.bidder.app.inject({ method: 'GET', url: '/readyz' });
    return { status: res.statusCode, checks: res.json().checks as Record<string, string> };
  };
  const notice = (one: ExchangeBid, url: string) =>
    b.bidder.app.inject({ method: 'GET', url: pathOf(substituteMacros(url, one, { price: '100.00' })) });

  it('names Redis while it is away, bids nothing then, and bids again once it is back', async () => {
    expect((await bid('before-redis')).status).toBe(200);
    await redis.stop();
    await until(
      async () => (await readyz()).checks['budget store'] !== 'ok',
      'readiness to name the budget store',
    );
    expect((await readyz()).status).toBe(503);
    expect(['unavailable', 'timeout', 'budget_unknown']).toContain((await bid('during-redis')).reason);
    await redis.start();
    await until(async () => (await readyz()).status === 200, 'readiness back');
    // The counters are worked out again from the database before the campaign bids.
    await until(
      async () => (await bid(`after-redis-${randomUUID()}`)).status === 200,
      'a bid after Redis came back',
    );
  });

  it('answers notices 503 while the database is away, stops bidding, names it, and records the retries once', async () => {
    const made = await firstBid('a bid before the outage');
    await postgres.stop();
    const lost = await notice(made, made.burl);
    // With the event log on NATS the notice is acknowledged all the same: its fold waits for the database.
    expect([lost.statusCode, lost.headers['x-rtb-reason']]).toEqual(
      process.env.NATS_URL ? [200, undefined] : [503, 'unavailable'],
    );
    // Once commits have failed longer than an event may wait, no more bids: their spend could not be recorded.
    await until(async () => (await bid(`during-${randomUUID()}`)).reason === 'cannot_record', 'bids to stop');
    const ready = await readyz();
    expect(ready.status).toBe(503);
    expect(ready.checks.database).not.toBe('ok');
    expect(ready.checks['commit queue']).toBe('Tracked events cannot be committed.');

    await postgres.start();
    // The exchange retries the notice: it is recorded, once.
    await until(async () => (await notice(made, made.burl)).statusCode === 200, 'the retried notice');
    expect((await notice(made, made.burl)).statusCode).toBe(200);
    await b.bidder.folded();
    const rows = await b.t.database.db.execute(
      `select count(*)::int as n from delivery_events where bid_id = '${made.id}' and kind = 'impression'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    await until(async () => (await readyz()).status === 200, 'readiness back');
    await until(
      async () => (await bid(`after-${randomUUID()}`)).status === 200,
      'a bid after the database came back',
    );
  });
});
