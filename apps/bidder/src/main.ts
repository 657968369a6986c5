import { createDatabase, databaseOptionsFromEnv } from '@rtb/db';
import { createDeliveryDeps, loadDeliveryConfig } from '@rtb/delivery';
import { databaseReadiness, drainAndExit, loadProcessConfig, processRegistry } from '@rtb/operations';
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
const processConfig = loadProcessConfig();
const config = loadBidderConfig();
if (!processConfig.databaseUrl) {
  console.error(
    'A bidder on its own needs DATABASE_URL (the API process migrates it). `npm start` runs one in-process.',
  );
  process.exit(1);
}
const logger = pino({ level: processConfig.logLevel });
const database = createDatabase(databaseOptionsFromEnv());
const registry = processRegistry();
const metrics = new BidderMetrics(registry);
const redisError = (err: Error) => {
  metrics.redisErrors.inc();
  logger.warn({ err }, 'redis connection error');
};
const store = createBudgetStore(processConfig.redisUrl, redisError);
const profiles = createProfileStore(processConfig.redisUrl, redisError);
const deps = createDeliveryDeps(database.db, loadDeliveryConfig());
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
  operations: { registry, metricsToken: processConfig.metricsToken },
});
await bidder.app.listen({ port: config.port, host: processConfig.host });
logger.info({ port: config.port, redis: Boolean(processConfig.redisUrl) }, 'bidder listening');

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal, drainMs: processConfig.drainMs }, 'bidder draining');
  void drainAndExit({
    readiness,
    app: bidder.app,
    drainMs: processConfig.drainMs,
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
