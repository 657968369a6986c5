import { loadConfig } from '@rtb/api/config';
import { createAppDeps } from '@rtb/api/create-deps';
import { createDatabase, databaseOptionsFromEnv } from '@rtb/db';
import {
  boundedServer,
  databaseReadiness,
  drainAndExit,
  processRegistry,
  registerOperationsRoutes,
} from '@rtb/operations';
import Fastify from 'fastify';
import { z } from 'zod';
import { startBackgroundWorkers } from './background-workers';

const workerEnvSchema = z.object({
  /** Where a worker process serves /healthz, /readyz and /metrics. */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(9092),
});

/**
 * ROLE=worker: the background workers on their own (`startBackgroundWorkers`), against the
 * PostgreSQL server; DATA_DIR is the API's (feed uploads, report files, the outbox), shared
 * storage when they run on different machines. It migrates too (under the migrations' advisory
 * lock), so it may start before the API. On WORKER_PORT it serves /healthz, /readyz (the database
 * answers) and /metrics; SIGTERM stops the workers, waiting for the work in hand up to
 * DRAIN_TIMEOUT_MS (a feed import cut off there is failed as interrupted once its lease runs out,
 * and can be run again).
 */
export async function runWorker(): Promise<void> {
  const config = loadConfig();
  const { WORKER_PORT: port } = workerEnvSchema.parse(process.env);
  const database = createDatabase(databaseOptionsFromEnv());
  await database.migrate();
  const app = Fastify({
    logger: { level: config.logLevel },
    serverFactory: (handler) => boundedServer(handler),
  });
  const deps = createAppDeps({ db: database.db, config }, () => app.log);
  const readiness = databaseReadiness(deps);
  const registry = processRegistry();
  registerOperationsRoutes(app, { readiness, registry, metricsToken: config.metricsToken });
  const workers = startBackgroundWorkers({ deps, config, log: app.log, registry });
  await app.listen({ port, host: config.host });
  app.log.info({ port }, 'workers running');

  let closing = false;
  function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.drainMs }, 'workers stopping');
    void drainAndExit({
      readiness,
      app,
      drainMs: config.drainMs,
      log: app.log,
      async close() {
        await workers.stop();
        await database.close();
      },
    });
  }
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
