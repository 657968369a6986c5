import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../core/deps';
import { type PeriodicTask, startPeriodicTask } from '../../../core/periodic-task';
import { maintainEventPartitions, type PartitionMaintenance } from './maintain-partitions';

export interface PartitionWorkerOptions {
  deps: AppDeps;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Between rounds (an hour): the partitions are made a week ahead, and retention is by day. */
  intervalMs?: number;
}

export type PartitionWorker = PeriodicTask<PartitionMaintenance | null>;

/**
 * Keeps delivery_events' day partitions: at start and every hour, the next days' are created and
 * those past `RAW_EVENTS_RETENTION_DAYS` dropped (`maintainEventPartitions`; several API
 * processes may run it). A failed round is logged and tried again at the next.
 */
export function startPartitionWorker(options: PartitionWorkerOptions): PartitionWorker {
  const { deps, log } = options;
  return startPeriodicTask({
    round: async () => {
      const done = await maintainEventPartitions(deps);
      if (done.created.length || done.dropped.length) log.info(done, 'delivery event partitions maintained');
      return done;
    },
    failed: null,
    failure: 'delivery event partitions not maintained',
    log,
    intervalMs: options.intervalMs ?? 3_600_000,
    runAtStart: true,
  });
}
