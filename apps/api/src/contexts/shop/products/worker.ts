import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../core/deps';
import { type PeriodicTask, startPeriodicTask } from '../../../core/periodic-task';
import { failExpiredRuns, leaseQueuedImport, queueDueFeeds, renewLease } from './repository';
import { runImport } from './run-import';

export interface FeedWorkerOptions {
  deps: AppDeps;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  intervalMs?: number;
  /** How long a run holds its import without renewing; renewed every third of it. */
  leaseMs?: number;
}

/** A round queues due URL feeds and runs queued imports until none is left. */
export type FeedWorker = PeriodicTask<number>;

/**
 * Runs product feed imports in the background, one at a time per process. Several processes
 * may run it: an import is taken under a lease (FOR UPDATE SKIP LOCKED, at most one running
 * per advertiser), renewed while it runs; a run whose lease ran out (its process died) is
 * failed as `interrupted`, so the next can start. Each round also queues the URL feeds that are due.
 */
export function startFeedWorker(options: FeedWorkerOptions): FeedWorker {
  const { deps, log } = options;
  const leaseMs = options.leaseMs ?? 120_000;

  async function runLeased(): Promise<boolean> {
    const token = randomUUID();
    const job = await leaseQueuedImport(deps.db, token, leaseMs);
    if (!job) return false;
    const run = { id: job.id, advertiserId: job.advertiserId, token, leaseMs };
    const heartbeat = setInterval(() => {
      renewLease(deps.db, run.id, token, leaseMs).catch((err: unknown) =>
        log.warn({ err, importId: run.id }, 'feed import lease not renewed'),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      await runImport(deps, job, run);
      log.info({ importId: run.id, advertiserId: run.advertiserId }, 'feed import finished');
    } catch (err) {
      log.error({ err, importId: run.id }, 'feed import stopped');
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  }

  async function round(stopping: () => boolean): Promise<number> {
    for (const expired of await failExpiredRuns(deps.db)) {
      log.warn({ importId: expired.id }, 'feed import interrupted: its lease ran out');
      if (expired.filePath) await rm(expired.filePath, { force: true });
    }
    await queueDueFeeds(deps.db);
    let runs = 0;
    while (!stopping() && (await runLeased())) runs += 1;
    return runs;
  }

  return startPeriodicTask({
    round,
    failed: 0,
    failure: 'feed worker round failed',
    log,
    intervalMs: options.intervalMs ?? 5_000,
  });
}
