import { loadConfig } from '@rtb/api/config';
import { createAppDeps } from '@rtb/api/create-deps';
import { createDatabase, databaseOptionsFromEnv } from '@rtb/db';
import { databaseReadiness, drainAndExit, processRegistry } from '@rtb/operations';
import pino from 'pino';
import { buildBidder } from './app';
import { createProfileStore } from './audiences/create-profile-store';
import { createBudgetStore } from './budget/create-budget-store';
import { loadBidderConfig } from './config';
import { BidderMetrics } from './metrics/bidder-metrics';

/**
 * `npm run bidder`: one bidder process (bid endpoint and trackers) on BIDDER_PORT, against the
 * PostgreSQL server the API migrates (DATABASE_URL; an embedded PGlite cannot be shared between
 * processes) and, when several run, Redis for the shared counters (REDIS_URL). It serves
 * `/healthz`, `/readyz` and `/metrics` too, and drains on SIGTERM (docs/operations.md).
 */
const appConfig = loadConfig();
const config = loadBidderConfig();
if (!appConfig.databaseUrl) {
  console.error(
    'A bidder on its own needs DATABASE_URL (the API process migrates it). `npm start` runs one in-process.',
  );
  process.exit(1);
}
const logger = pino({ level: appConfig.logLevel });
const database = createDatabase(databaseOptionsFromEnv());
const registry = processRegistry();
const metrics = new BidderMetrics(registry);
const redisError = (err: Error) => {
  metrics.redisErrors.inc();
  logger.warn({ err }, 'redis connection error');
};
const store = createBudgetStore(appConfig.redisUrl, redisError);
const profiles = createProfileStore(appConfig.redisUrl, redisError);
const deps = createAppDeps({ db: database.db, config: appConfig }, () => logger);
const readiness = databaseReadiness(deps);
const bidder = await buildBidder({
  deps,
  database,
  store,
  profiles,
  config,
  logger,
  readiness,
  metrics,
  operations: { registry, metricsToken: appConfig.metricsToken },
});
await bidder.app.listen({ port: config.port, host: appConfig.host });
logger.info({ port: config.port, redis: Boolean(appConfig.redisUrl) }, 'bidder listening');

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal, drainMs: appConfig.drainMs }, 'bidder draining');
  void drainAndExit({
    readiness,
    app: bidder.app,
    drainMs: appConfig.drainMs,
    log: logger,
    async close() {
      await bidder.close();
      await store.close();
      await profiles.close();
      await database.close();
    },
  });
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
