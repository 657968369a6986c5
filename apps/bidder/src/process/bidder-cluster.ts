import cluster from 'node:cluster';
import { type ProcessConfig, Readiness, registerOperationsRoutes } from '@rtb/operations';
import Fastify from 'fastify';
import type { Logger } from 'pino';
import { AggregatorRegistry, Gauge } from 'prom-client';
import type { BidderConfig } from '../config';

/** A worker that died is replaced after this long (a worker failing at start does not spin). */
const RESTART_AFTER_MS = 1_000;

/**
 * The primary of `npm run bidder` with several workers (docs/operations.md, 'One bidder per
 * core'): it forks `workers` bidder processes sharing BIDDER_PORT (the cluster module hands
 * connections round-robin), replaces a worker that dies, and on SIGTERM passes the signal on and
 * exits once every worker has drained. On BIDDER_METRICS_PORT it serves /healthz, /readyz (ready
 * while every worker is up) and /metrics: the workers' metrics summed.
 */
export async function runBidderCluster(options: {
  workers: number;
  processConfig: ProcessConfig;
  config: BidderConfig;
  logger: Logger;
}) {
  const { workers, processConfig, config, logger } = options;
  const aggregator = new AggregatorRegistry();
  let closing = false;
  const running = () => Object.keys(cluster.workers ?? {}).length;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (closing) {
      if (running() === 0) process.exit(0);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'bidder worker died; starting another');
    setTimeout(() => {
      if (!closing) cluster.fork();
    }, RESTART_AFTER_MS);
  });

  const readiness = new Readiness();
  const online = new Set<number>();
  cluster.on('listening', (worker) => online.add(worker.id));
  cluster.on('exit', (worker) => online.delete(worker.id));
  readiness.add('workers', () =>
    online.size >= workers ? null : `${online.size} of ${workers} bidder workers are listening.`,
  );
  new Gauge({
    name: 'rtb_bidder_workers',
    help: 'Bidder worker processes listening.',
    registers: [aggregator],
    collect() {
      this.set(online.size);
    },
  });
  const app = Fastify({ logger: false });
  registerOperationsRoutes(app, {
    readiness,
    registry: {
      contentType: aggregator.contentType,
      metrics: async () => `${await aggregator.metrics()}\n${await aggregator.clusterMetrics()}`,
    },
    metricsToken: processConfig.metricsToken,
  });
  await app.listen({ port: config.metricsPort, host: processConfig.host });
  logger.info({ workers, port: config.port, metricsPort: config.metricsPort }, 'bidder cluster started');

  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    readiness.drain();
    logger.info({ signal }, 'bidder cluster draining');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (running() === 0) process.exit(0);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
