import { type Database, selectRows } from '@rtb/db';
import { sql } from 'drizzle-orm';
import { dayPartitionName, dayStart, nextDay } from './partition-days';

/** Taken (for the transaction) by whoever creates or drops partitions of delivery_events. */
const PARTITION_LOCK = 7_274_016;

/** Waits for the partition lock, held until the caller's transaction ends. */
export async function lockPartitions(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
}

/** The partition lock if free (held until the caller's transaction ends): false when another process has it. */
export async function tryLockPartitions(db: Database): Promise<boolean> {
  const [row] = await selectRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(${PARTITION_LOCK}) as locked`,
  );
  return row?.locked === true;
}

/** The names of delivery_events' partitions. */
export async function eventPartitionNames(db: Database): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'delivery_events'::regclass`,
  );
  return rows.map((row) => row.name);
}

/** Creates the partition of one UTC day (`YYYY-MM-DD`) unless it exists. */
export async function createDayPartition(db: Database, day: string): Promise<void> {
  const from = dayStart(day).toISOString();
  const to = dayStart(nextDay(day)).toISOString();
  await db.execute(
    sql.raw(
      `create table if not exists "${dayPartitionName(day)}" partition of delivery_events for values from ('${from}') to ('${to}')`,
    ),
  );
}

/**
 * Drops a whole partition (a table name from `eventPartitionNames`): no row is deleted one by
 * one, so the append-only trigger has nothing to say. Waits at most `lockTimeoutMs` for the
 * recording transactions in flight (the parent table is locked for the drop).
 */
export async function dropPartition(db: Database, name: string, lockTimeoutMs: number): Promise<void> {
  if (!/^delivery_events_[a-z0-9_]+$/.test(name))
    throw new Error(`Not a partition of delivery_events: ${name}`);
  await db.execute(sql.raw(`set local lock_timeout = ${Math.trunc(lockTimeoutMs)}`));
  await db.execute(sql.raw(`drop table if exists "${name}"`));
}
