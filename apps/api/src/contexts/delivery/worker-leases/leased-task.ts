import type { Database } from '@rtb/db';
import { WorkerLease } from '@rtb/delivery';
import { Gauge, type Registry } from 'prom-client';
import { type PeriodicTask, type PeriodicTaskOptions, startPeriodicTask } from '../../../core/periodic-task';

const HELD_METRIC = 'rtb_worker_lease_held';

export interface LeasedTaskOptions<T> extends Omit<PeriodicTaskOptions<T>, 'round'> {
  /** The work's lease (`worker_leases.name`). */
  lease: string;
  /** How long the lease outlives its holder's last renewal. */
  leaseTtlMs: number;
  db: Database;
  /** The process's metrics registry (`rtb_worker_lease_held`). */
  registry: Registry;
  /**
   * A round, run while this process holds the lease; a long one calls `holds()` between its steps
   * to renew it, and stops when it answers false (another process took the work over).
   */
  round: (stopping: () => boolean, holds: () => Promise<boolean>) => Promise<T>;
  /** A round's result when another process holds the lease. */
  skipped: T;
}

/**
 * A periodic task (`startPeriodicTask`) that one process at a time does among all that run it:
 * each round first takes or renews the work's lease (`WorkerLease`) and is skipped when another
 * process holds it; a stop gives the lease back. `rtb_worker_lease_held{lease}` says whether this
 * process does the work.
 */
export function startLeasedTask<T>(options: LeasedTaskOptions<T>): PeriodicTask<T> {
  const { db, log } = options;
  const lease = new WorkerLease(options.lease, options.leaseTtlMs);
  const held = heldGauge(options.registry);
  const holds = async () => {
    const holding = await lease.hold(db);
    held.set({ lease: lease.name }, holding ? 1 : 0);
    return holding;
  };
  const task = startPeriodicTask({
    ...options,
    round: async (stopping) => ((await holds()) ? options.round(stopping, holds) : options.skipped),
  });
  return {
    runOnce: task.runOnce,
    async stop() {
      await task.stop();
      // Not given back (the database gone): another process takes it when it lapses.
      await lease
        .release(db)
        .catch((err: unknown) => log.error({ err, lease: lease.name }, 'lease not released'));
      held.set({ lease: lease.name }, 0);
    },
  };
}

/** The one gauge of the process's leased tasks, made by the first of them. */
function heldGauge(registry: Registry): Gauge<'lease'> {
  const existing = registry.getSingleMetric(HELD_METRIC);
  if (existing) return existing as Gauge<'lease'>;
  return new Gauge({
    name: HELD_METRIC,
    help: 'Whether this process holds the lease of a work one process at a time does (1), or another does (0).',
    labelNames: ['lease'],
    registers: [registry],
  });
}
