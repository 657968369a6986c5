import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { loadProcessConfig } from '@rtb/operations';
import pino from 'pino';
import { loadBidderConfig } from '../config';
import { runBidderCluster } from './bidder-cluster';
import { serveBidder } from './serve-bidder';

/**
 * Bidder processes (bid endpoint and trackers) on BIDDER_PORT, against the PostgreSQL server the
 * API migrates (DATABASE_URL; an embedded PGlite cannot be shared between processes). With
 * REDIS_URL (the counters they share) one per core by default, or BIDDER_WORKERS, under a primary
 * (`runBidderCluster`); without it one. Each serves `/healthz`, `/readyz` and `/metrics` too, and
 * drains on SIGTERM (docs/operations.md). `npm run bidder`, and `npm run serve` with ROLE=bidder.
 */
export async function runBidder(): Promise<void> {
  const processConfig = loadProcessConfig();
  const config = loadBidderConfig();
  const logger = pino({ level: processConfig.logLevel });
  if (!processConfig.databaseUrl) {
    console.error(
      'A bidder on its own needs DATABASE_URL (the API process migrates it). `npm start` runs one in-process.',
    );
    process.exit(1);
  }
  if ((config.workers ?? 1) > 1 && !processConfig.redisUrl) {
    // Each process would hold budget counters of its own: N processes could spend N times a budget.
    console.error(
      'Several bidder processes (BIDDER_WORKERS) share their budget counters in Redis: set REDIS_URL.',
    );
    process.exit(1);
  }
  const workers = config.workers ?? (processConfig.redisUrl ? availableParallelism() : 1);
  // A worker forked by the primary runs the same entry (and role), and serves.
  if (cluster.isPrimary && workers > 1) await runBidderCluster({ workers, processConfig, config, logger });
  else await serveBidder({ processConfig, config, logger, worker: cluster.isWorker });
}
