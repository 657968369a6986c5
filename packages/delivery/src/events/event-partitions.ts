import type { TransactionScope } from '@rtb/db';
import {
  DAY_MS,
  dayPartitionName,
  dayStart,
  type EventPartition,
  partitionOf,
  utcDayOf,
} from './partition-days';
import { createDayPartition, eventPartitionNames, lockPartitions } from './partition-repository';

/** Where the rows of some partition key instants are: bounds that prune a query to their partitions. */
export interface PartitionRange {
  /** Inclusive; null: from the beginning (the partition of the rows from before the partitioning). */
  from: Date | null;
  /** Exclusive. */
  to: Date;
}

/**
 * What one process knows of delivery_events' partitions (one per process, in its
 * `DeliveryDeps`): loaded from the catalogue on first use, then grown by the partitions it creates, so recording a batch
 * usually asks the database nothing. A rolled-back batch forgets it all (the next one reloads),
 * so a partition dropped by another process cannot stay believed in.
 */
export class EventPartitions {
  #known: Map<string, EventPartition> | null = null;
  /** The end of the partition of the rows from before the partitioning, if there is one. */
  #beforeEnd: Date | null = null;

  /**
   * Makes sure the partitions of these instants exist, in the caller's transaction: call it
   * before the transaction touches delivery_events (a missing day is created under the
   * partition lock, which a transaction holding delivery_events' locks must not wait for).
   */
  async ensure(deps: TransactionScope, instants: Date[]): Promise<void> {
    // A rollback may have been a partition missing after all (dropped by another process), or
    // may undo one created here: either way, read the catalogue again next time.
    deps.onRollback(async () => this.reset());
    const known = await this.#load(deps);
    const missing = [
      ...new Set(
        instants
          .filter((at) => !this.#beforeEnd || at >= this.#beforeEnd)
          .map(utcDayOf)
          .filter((day) => !known.has(day)),
      ),
    ].sort();
    if (!missing.length) return;
    await lockPartitions(deps.db);
    for (const day of missing) await createDayPartition(deps.db, day);
    deps.afterCommit(() => {
      for (const day of missing) {
        const partition = partitionOf(dayPartitionName(day));
        if (partition) this.#known?.set(day, partition);
      }
    });
  }

  /** The range to look for the rows of an instant in: its day's, or the partition before the partitioning. */
  rangeOf(at: Date): PartitionRange {
    if (this.#beforeEnd && at < this.#beforeEnd) return { from: null, to: this.#beforeEnd };
    const from = dayStart(utcDayOf(at));
    return { from, to: new Date(from.getTime() + DAY_MS) };
  }

  /** Forgets dropped partitions (the retention). */
  forget(names: string[]) {
    for (const name of names) {
      const partition = partitionOf(name);
      if (partition?.kind === 'day') this.#known?.delete(partition.day);
      if (partition?.kind === 'before') this.#beforeEnd = null;
    }
  }

  /** Forgets everything: the next use reads the catalogue again. */
  reset() {
    this.#known = null;
    this.#beforeEnd = null;
  }

  async #load(deps: TransactionScope): Promise<Map<string, EventPartition>> {
    if (this.#known) return this.#known;
    const known = new Map<string, EventPartition>();
    let beforeEnd: Date | null = null;
    for (const name of await eventPartitionNames(deps.db)) {
      const partition = partitionOf(name);
      if (partition?.kind === 'day') known.set(partition.day, partition);
      else if (partition?.kind === 'before') beforeEnd = partition.to;
    }
    this.#known = known;
    this.#beforeEnd = beforeEnd;
    return known;
  }
}
