import { join } from 'node:path';
import { buildApp, type MountedHandler } from '@rtb/api';
import { loadConfig } from '@rtb/api/config';
import { createMemoryRateLimiter, createRedisRateLimiter, postDemoTopUps } from '@rtb/api/runtime';
import {
  BidderMetrics,
  bidderPathPrefixes,
  buildBidder,
  createBudgetStore,
  createProfileStore,
  loadBidderConfig,
  redisConnection,
} from '@rtb/bidder';
import {
  accounts,
  createDatabase,
  databaseOptionsFromEnv,
  demoAccounts,
  demoShopFeedImported,
  demoShopTagKey,
  demoTopUpsDue,
  seedDemoData,
  seedDemoDelivery,
  seedDemoShop,
  seedReferenceData,
  shopCurrencies,
} from '@rtb/db';
import { databaseReadiness, drainAndExit, processRegistry } from '@rtb/operations';
import { createDemoShop, DEMO_SHOP_PATH, demoEngagement, startTraffic, type Traffic } from '@rtb/simulator';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type BackgroundWorkers, startBackgroundWorkers } from './background-workers';

/**
 * The API and the web app, after migrations and seeds. With ROLE=all (`npm start`) the same
 * process also runs the bidder and its trackers (on the same port), the background workers and
 * the demo traffic; with ROLE=api those run as processes of their own (docs/operations.md, 'Roles').
 */
export async function runPanels(role: 'all' | 'api'): Promise<void> {
  const all = role === 'all';
  const config = loadConfig();
  const database = createDatabase(databaseOptionsFromEnv());
  await database.migrate();
  await seedReferenceData(database.db);

  if (config.demoData) {
    const [row] = await database.db.select({ n: count() }).from(accounts);
    if (!row?.n) {
      await seedDemoData(database.db);
      await seedDemoDelivery(database.db, { dataDir: config.dataDir });
    }
    // Demo Shop's own shop, feed, audiences and retargeting (also into a demo database made before them).
    if (config.demoShopUrl)
      await seedDemoShop(database.db, { dataDir: config.dataDir, feedUrl: `${config.demoShopUrl}/feed.xml` });
  }
  // The demo shop's pages (with Demo Shop's tag), product images and feed: demo mode only.
  const demoShop = config.demoShopUrl
    ? createDemoShop({
        publicUrl: config.publicUrl,
        rtbPublicUrl: config.rtbPublicUrl,
        localUrl: new URL(config.demoShopUrl).origin,
        tagKey: () => demoShopTagKey(database.db),
      })
    : null;

  // Health, readiness and metrics of the whole process: the API's and the bidder's.
  const registry = processRegistry();
  const readiness = databaseReadiness(database);
  const bidderMetrics = all ? new BidderMetrics(registry) : null;
  /** The process's log, once the app made it; Redis errors before that are only counted. */
  let log: FastifyBaseLogger | undefined;
  const redisError = (err: Error) => {
    bidderMetrics?.redisErrors.inc();
    log?.warn({ err }, 'redis connection error');
  };
  const redis = config.redisUrl ? redisConnection(config.redisUrl, redisError) : null;
  let workers: BackgroundWorkers | undefined;
  // The bidder and trackers share the port: its handler is set once it is built (before listening).
  let bidderHandler: MountedHandler['handler'] = (_req, res) => res.writeHead(503).end();
  const prefixes = [...(all ? bidderPathPrefixes : []), ...(demoShop ? [DEMO_SHOP_PATH] : [])];
  // The demo traffic starts once the process listens; the admin API reads its health.
  let traffic: Traffic | null = null;
  const { app, deps } = await buildApp({
    db: database.db,
    config,
    limiter: redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter(),
    // A mail queued here is sent at once by this process's worker, else at a worker's next round.
    mailQueued: () => workers?.mail.kick(),
    mount: prefixes.length
      ? {
          prefixes,
          handler: (req, res) =>
            demoShop && req.url?.startsWith(DEMO_SHOP_PATH)
              ? void demoShop(req, res)
              : bidderHandler(req, res),
        }
      : undefined,
    operations: { readiness, registry, metricsToken: config.metricsToken },
    demoTraffic: () => traffic?.health() ?? null,
  });
  log = app.log;
  const bidderPart = bidderMetrics ? await startBidderPart(bidderMetrics) : null;
  // The demo's credit goes through the payments service (a system top-up), once.
  if (config.demoData) await postDemoTopUps(deps, await demoTopUpsDue(database.db));
  if (all) workers = startBackgroundWorkers({ deps, config, log: app.log, registry });

  await app.listen({ port: config.port, host: config.host });

  // Handlers first: the demo's wait below may take seconds, and a SIGTERM in them still drains.
  let closing = false;
  function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.drainMs }, 'draining');
    void drainAndExit({
      readiness,
      app,
      drainMs: config.drainMs,
      log: app.log,
      first: async () => {
        await traffic?.stop();
      },
      async close() {
        await bidderPart?.close();
        await workers?.stop();
        await redis?.quit();
        await database.close();
      },
    });
  }
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // Slow simulated exchange traffic against our own bid endpoint (the simulator's outcome world),
  // so the demo campaigns spend; its visitors browse the demo shop before some of their requests
  // (Demo Shop's tag), so the retargeting campaign finds them.
  // They start once the feed worker has imported the shop's feed (from this process, now that it
  // listens): a product viewed before that would be flagged as not in the feed for a week.
  const demoTraffic = all && config.demoTraffic;
  const shopTagKey = config.demoShopUrl ? await demoShopTagKey(database.db) : null;
  if (shopTagKey && demoTraffic) await untilDemoShopImported();
  traffic =
    demoTraffic && !closing
      ? startTraffic({
          url: `http://127.0.0.1:${config.port}`,
          rate: 2,
          outcome: demoEngagement,
          shopCurrencies: await shopCurrencies(database.db),
          ...(shopTagKey ? { shop: { tagKey: shopTagKey, shopUrl: config.publicUrl } } : {}),
          log: (message) => app.log.warn({ component: 'simulator' }, message),
        })
      : null;

  const banner = [
    '',
    `  RTB Panel is running on ${config.publicUrl}  (database: ${database.kind}${redis ? ', redis' : ''}${all ? '' : `, role: ${role}`})`,
    `  API docs: ${config.publicUrl}/api/docs`,
    ...(all
      ? [
          `  OpenRTB bid endpoint: ${config.publicUrl}/openrtb2/bid${demoTraffic ? ' (demo traffic: 2 requests/s)' : ''}`,
        ]
      : [`  Bidders (ROLE=bidder) and workers (ROLE=worker) run as processes of their own.`]),
    ...(demoShop ? [`  Demo shop (Demo Shop's tag, feed): ${config.publicUrl}${DEMO_SHOP_PATH}/`] : []),
    config.smtpUrl
      ? '  Mail: SMTP'
      : `  Mail: no SMTP_URL, so mails are written to ${join(config.dataDir, 'outbox', '*.eml')}`,
  ];
  if (config.demoData) {
    banner.push('  Demo accounts:');
    for (const [name, a] of Object.entries(demoAccounts))
      banner.push(`    ${name.padEnd(10)} ${a.login} / ${a.password}`);
  }
  console.log(`${banner.join('\n')}\n`);

  /** The bidder and its trackers in this process, on the API's port; returns what closes them. */
  async function startBidderPart(metrics: BidderMetrics) {
    const budgetStore = createBudgetStore(config.redisUrl, redisError);
    const profileStore = createProfileStore(config.redisUrl, redisError);
    const bidder = await buildBidder({
      deps,
      database,
      store: budgetStore,
      profiles: profileStore,
      config: loadBidderConfig(),
      logger: app.log.child({ component: 'bidder' }),
      readiness,
      metrics,
    });
    bidderHandler = bidder.handler;
    return {
      async close() {
        await bidder.close();
        await budgetStore.close();
        await profileStore.close();
      },
    };
  }

  /** Waits up to 60 s for the demo shop's first import to end (it takes a few seconds). */
  async function untilDemoShopImported(): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (!closing && !(await demoShopFeedImported(database.db))) {
      if (Date.now() > deadline) {
        app.log.warn(
          { component: 'simulator' },
          "the demo shop's feed is not imported yet; shoppers start anyway",
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
