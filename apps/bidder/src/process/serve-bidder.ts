import { createDatabase, databaseOptionsFromEnv } from '@rtb/db';
import { createDeliveryDeps, loadDeliveryConfig } from '@rtb/delivery';
import { databaseReadiness, drainAndExit, type ProcessConfig, processRegistry } from '@rtb/operations';
import type { Logger } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import { buildBidder } from '../app';
import { createProfileStore } from '../audiences/create-profile-store';
import { createBudgetStore } from '../budget/create-budget-store';
import type { BidderConfig } from '../config';
import { BidderMetrics } from '../metrics/bidder-metrics';

/**
 * One bidder process (bid endpoint and trackers) on BIDDER_PORT, alone or as a worker of the
 * cluster (`runBidderCluster`: its primary then sums the workers' metrics). Drains on SIGTERM.
 */
export async function serveBidder(options: {
  processConfig: ProcessConfig;
  config: BidderConfig;
  logger: Logger;
  worker: boolean;
}) {
  const { processConfig, config, logger } = options;
  const database = createDatabase(databaseOptionsFromEnv());
  const registry = processRegistry();
  // A worker's metrics are what the primary sums on its own port; prom-client answers the
  // primary's requests once an AggregatorRegistry was made in the worker.
  if (options.worker) {
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }
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
}
