import { createAppDeps } from '@rtb/api/create-deps';
import { createTestApp, type TestApp } from '@rtb/api/test-harness';
import { todayOf } from '@rtb/api/test-helpers/campaigns';
import { deliveryEventLog, deliveryEvents, deliveryFoldEffects } from '@rtb/db';
import {
  freePort,
  type NodeProcess,
  type PrivatePostgres,
  type PrivateRedis,
  startNodeProcess,
  until,
  untilReady,
  within,
} from '@rtb/operations/testing';
import { type CampaignInput, campaignDayKey } from '@rtb/rtb';
import { count, countDistinct, eq, inArray, isNull } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBidder } from './app';
import { createBudgetStore } from './budget/create-budget-store';
import { testBidderConfig } from './test/bidder-config';
import { activeCampaign, fundedDemoShop } from './test/bidder-harness';
import { expectNoticesCountedOnce, expectSpendBooked, untilLogFolded } from './test/exchange-books';
import { HttpExchange } from './test/http-exchange';
import { privateServersAvailable, startPrivateServers } from './test/private-servers';
import { spendBooks } from './test/spend-books';

/*
 * `npm run bidder` (a bidder process on its own, on a PostgreSQL and a Redis of the test's own)
 * killed with SIGKILL while an exchange bids and sends its notices: what it had acknowledged,
 * folded or still in the event log, counted in Redis or not, and what it had not answered (retried
 * by the exchange against a second process, which folds the dead one's log rows and applies the
 * effects of its folds to the counters) counts once. Money is recorded once (docs/operations.md,
 * 'Overspend bound': the database is the truth, Redis a cache whose counters each reload works out
 * anew).
 */

const available = privateServersAvailable('kill-bidder.test.ts');

const SIGNING_KEY = 'the-signing-key-both-bidder-processes-share';
const CLEARING_CPM = '1.30';
const EXCHANGES = 6;
const silent = pino({ level: 'silent' });

describe.runIf(available)('a standalone bidder killed mid-traffic (SIGKILL)', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let t: TestApp;
  let shopId: number;
  let campaignId: number;
  const bidders: NodeProcess[] = [];

  beforeAll(async () => {
    const servers = await startPrivateServers();
    ({ postgres, redis } = servers);
    const database = servers.database;
    t = await createTestApp({ database, demo: true });
    const shop = await fundedDemoShop(t);
    shopId = shop.shopId;
    campaignId = await activeCampaign(t, shop);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(bidders.map((bidder) => bidder.kill()));
    await t?.close();
    await redis?.destroy();
    await postgres?.destroy();
  });

  /** `npm run bidder` on a free port, ready. */
  async function startBidder() {
    const port = await freePort();
    const bidder = startNodeProcess('apps/bidder/src/main.ts', {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      BIDDER_PORT: String(port),
      HOST: '127.0.0.1',
      RTB_SIGNING_KEY: SIGNING_KEY,
      BIDDER_WORKERS: '1',
      // The killed process's rows in the event log are the second one's after a second.
      RTB_FOLD_GRACE_MS: '1000',
      DRAIN_TIMEOUT_MS: '4000',
      LOG_LEVEL: 'warn',
    });
    bidders.push(bidder);
    await untilReady(`http://127.0.0.1:${port}`, bidder);
    return { bidder, port };
  }

  /** How many rows wait in the event log (of these events, or all). */
  async function logged(eventKeys?: string[]): Promise<number> {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(deliveryEventLog)
      .where(eventKeys ? inArray(deliveryEventLog.eventKey, eventKeys) : undefined);
    return Number(row?.n ?? 0);
  }

  /** How many folds' effects on the counters wait in the database for the store to take them. */
  async function effectsWaiting(): Promise<number> {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(deliveryFoldEffects)
      .where(isNull(deliveryFoldEffects.appliedAt));
    return Number(row?.n ?? 0);
  }

  /** How many of the events are in the database. */
  async function recordedOf(eventKeys: string[]): Promise<number> {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(deliveryEvents)
      .where(inArray(deliveryEvents.eventKey, eventKeys));
    return Number(row?.n ?? 0);
  }

  it('records every notice answered 200 once, books each cost once and reconciles the counters', async () => {
    const first = await startBidder();
    const exchange = new HttpExchange(first.port, CLEARING_CPM);
    const operator = new Redis(redis.url);
    try {
      exchange.start(EXCHANGES);
      await until(() => exchange.answered('bill').length >= 40, 'forty billed impressions', 120_000);
      // Killed with acknowledged events in every state: folded but not counted in Redis (its
      // writes paused: the fold's budget updates fail), and answered but not folded (a lock the
      // folds need is held, as by a slow database), to be folded by the second process.
      exchange.hold(true);
      await until(() => exchange.held().length >= 16, 'bids whose notices are kept back', 60_000);
      // What was answered before is folded and counted in Redis: only what comes after may be missed.
      const counter = createBudgetStore(redis.url, () => {});
      const dayKey = campaignDayKey(shopId, campaignId, await todayOf(t, shopId));
      await until(
        async () =>
          (await logged()) === 0 &&
          (await counter.totals([dayKey]))[0]?.spentMicros ===
            (await spendBooks(t.database.db, shopId)).billed.gross,
        'the notices answered so far counted',
        30_000,
      );
      await counter.close();
      await operator.call('CLIENT', 'PAUSE', '60000', 'WRITE');
      const folded = exchange.held().slice(0, 8);
      await exchange.sendHeld(8);
      await until(
        async () => (await recordedOf(folded.map((call) => call.eventKey as string))) === folded.length,
        'the first notices kept back folded',
        30_000,
      );
      const lock = new pg.Client({ connectionString: postgres.url });
      await lock.connect();
      await lock.query('begin');
      await lock.query('lock table stats_hourly in exclusive mode');
      const waiting = exchange.held();
      await exchange.sendHeld();
      expect(exchange.unansweredNotices()).toEqual([]);
      expect(await recordedOf(waiting.map((call) => call.eventKey as string))).toBe(0);
      expect(await logged(waiting.map((call) => call.eventKey as string))).toBe(waiting.length);
      first.bidder.child.kill('SIGKILL');
      expect(await within(first.bidder.exited, 30_000, 'the killed bidder to end')).toMatchObject({
        signal: 'SIGKILL',
      });
      await lock.query('rollback');
      await lock.end();
      await operator.call('CLIENT', 'UNPAUSE');
      await exchange.stop();
      // The folds it committed while Redis took no writes left their effects for another process.
      expect(await effectsWaiting()).toBeGreaterThan(0);

      const second = await startBidder();
      exchange.port = second.port;
      exchange.hold(false);
      const billedBefore = exchange.answered('bill').length;
      exchange.start(2);
      await exchange.sendHeld();
      await exchange.resendUnanswered();
      await until(
        () => exchange.answered('bill').length >= billedBefore + 20,
        'twenty more billed impressions',
        120_000,
      );
      await exchange.stop();
      await exchange.resendUnanswered();
      // The dead process's rows were folded by the second one once past their grace, and the
      // effects of its folds applied to the counters.
      await untilLogFolded(t.database.db);
      await until(async () => (await effectsWaiting()) === 0, 'the fold effects applied', 30_000);

      // Every notice answered 200, each exactly once in the database, and no other impression;
      // each billed impression's cost once in the events, the daily rollup and the ledger.
      const db = t.database.db;
      const billedKeys = await expectNoticesCountedOnce(db, exchange);
      const { books, days } = await expectSpendBooked(db, shopId, campaignId, billedKeys.size);
      // Every impression cleared at one price: one cost.
      const [{ costs } = { costs: 0 }] = await db
        .select({ costs: countDistinct(deliveryEvents.costMicros) })
        .from(deliveryEvents)
        .where(eq(deliveryEvents.kind, 'impression'));
      expect(costs).toBe(1);

      // Redis counted each impression once: what the dead process folded and never counted was
      // applied by the second one from its fold's effects, and a retried notice never counts again.
      const store = createBudgetStore(redis.url, () => {});
      const bidder = await buildBidder({
        deps: createAppDeps({ db, config: t.deps.config }, () => silent),
        database: t.database,
        store,
        // The database's event log, as the processes it looks at (they get no NATS_URL).
        config: testBidderConfig({ signingKey: SIGNING_KEY, natsUrl: null }),
        logger: silent,
      });
      try {
        const settled = await store.totals(days.map((d) => campaignDayKey(shopId, campaignId, d.day)));
        const uncounted = books.billed.gross - settled.reduce((sum, day) => sum + day.spentMicros, 0);
        expect(uncounted).toBe(0);

        // A reload works the counters out anew: what the store has settled plus the difference
        // it found is the database's spend of the day.
        await bidder.live.settled();
        const today = await todayOf(t, shopId);
        const [day] = await store.totals([campaignDayKey(shopId, campaignId, today)]);
        const campaign = bidder.live.campaign(campaignId) as CampaignInput;
        expect(bidder.live.spentOn(campaign, today, day?.spentMicros ?? 0)).toBe(
          days.find((d) => d.day === today)?.spend ?? 0,
        );
      } finally {
        await bidder.close();
        await store.close();
      }

      // The second process serves: ready, and its metrics count the bid requests.
      const url = `http://127.0.0.1:${second.port}`;
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      expect(await (await fetch(`${url}/metrics`)).text()).toMatch(
        /^rtb_bid_requests_total\{outcome="bid",reason=""\} [1-9]/m,
      );
    } finally {
      await operator.call('CLIENT', 'UNPAUSE').catch(() => {});
      operator.disconnect();
      await exchange.close();
      await Promise.all(bidders.map((bidder) => bidder.kill()));
    }
  }, 400_000);
});
