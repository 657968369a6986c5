import {
  createDayPartition,
  DAY_MS,
  dayStart,
  dropPartition,
  eventPartitionNames,
  partitionOf,
  retentionCutoff,
  tryLockPartitions,
  utcDayOf,
} from '@rtb/delivery';
import { type AppDeps, inTransaction } from '../../../core/deps';

/** How many days after today get their partition ahead of time. */
export const PARTITION_DAYS_AHEAD = 7;
/** How long a drop waits for the recording transactions in flight before trying again next round. */
const DROP_LOCK_TIMEOUT_MS = 2_000;

export interface PartitionMaintenance {
  /** Days (`YYYY-MM-DD`) whose partition this round created. */
  created: string[];
  /** Partitions dropped: everything in them was older than the retention. */
  dropped: string[];
}

/**
 * One round of the partition worker: creates the partitions of yesterday, today and the next
 * `PARTITION_DAYS_AHEAD` days (UTC) that are missing, and drops every partition whose whole range
 * is older than `RAW_EVENTS_RETENTION_DAYS` (a DROP TABLE per partition, never a DELETE). Each
 * step takes the partition lock if it is free, so several API processes may run it: one does the
 * work, the others skip it. The hourly rollups are not touched.
 */
export async function maintainEventPartitions(
  deps: AppDeps,
  now = new Date(),
): Promise<PartitionMaintenance> {
  const cutoff = retentionCutoff(now, deps.config.rawEventsRetentionDays);
  const done: PartitionMaintenance = { created: [], dropped: [] };
  const existing = (await eventPartitionNames(deps.db)).map(partitionOf);
  const beforeEnd = existing.find((p) => p?.kind === 'before')?.to ?? null;
  const days = new Set(existing.flatMap((p) => (p?.kind === 'day' ? [p.day] : [])));
  const today = dayStart(utcDayOf(now)).getTime();
  const wanted = Array.from({ length: PARTITION_DAYS_AHEAD + 2 }, (_, i) =>
    utcDayOf(new Date(today + (i - 1) * DAY_MS)),
  )
    .filter((day) => !days.has(day))
    .filter((day) => dayStart(day) >= cutoff && (!beforeEnd || dayStart(day) >= beforeEnd));
  if (wanted.length)
    await inTransaction(deps, async (tx) => {
      if (!(await tryLockPartitions(tx.db))) return;
      for (const day of wanted) await createDayPartition(tx.db, day);
      done.created = wanted;
    });

  for (const partition of existing) {
    if (!partition || partition.to > cutoff) continue;
    const dropped = await inTransaction(deps, async (tx) => {
      if (!(await tryLockPartitions(tx.db))) return false;
      await dropPartition(tx.db, partition.name, DROP_LOCK_TIMEOUT_MS);
      return true;
    });
    if (dropped) done.dropped.push(partition.name);
  }
  deps.eventPartitions.forget(done.dropped);
  return done;
}
