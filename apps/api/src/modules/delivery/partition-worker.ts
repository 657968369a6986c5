import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../core/deps';
import { maintainEventPartitions, type PartitionMaintenance } from './maintain-partitions';

export interface PartitionWorkerOptions {
  deps: AppDeps;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Between rounds (an hour): the partitions are made a week ahead, and retention is by day. */
  intervalMs?: number;
}

export interface PartitionWorker {
  runOnce(): Promise<PartitionMaintenance | null>;
  stop(): Promise<void>;
}

/**
 * Keeps delivery_events' day partitions: at start and every hour, the next days' are created and
 * those past `RAW_EVENTS_RETENTION_DAYS` dropped (`maintainEventPartitions`; several API
 * processes may run it). A failed round is logged and tried again at the next.
 */
export function startPartitionWorker(options: PartitionWorkerOptions): PartitionWorker {
  const { deps, log } = options;
  let running: Promise<PartitionMaintenance | null> | null = null;

  function runOnce(): Promise<PartitionMaintenance | null> {
    running ??= maintainEventPartitions(deps)
      .then((done) => {
        if (done.created.length || done.dropped.length)
          log.info(done, 'delivery event partitions maintained');
        return done;
      })
      .catch((err: unknown) => {
        log.error({ err }, 'delivery event partitions not maintained');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  void runOnce();
  const timer = setInterval(() => void runOnce(), options.intervalMs ?? 3_600_000);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
