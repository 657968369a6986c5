/**
 * The day partitions of `delivery_events` (packages/db/src/schema/delivery.ts): one table per
 * UTC day of `partition_at`, named `delivery_events_<YYYYMMDD>`, and, in a database that had
 * events before the partitioning, `delivery_events_before_<YYYYMMDD>` with every older row.
 */
export const DAY_MS = 86_400_000;

const DAY_PARTITION = /^delivery_events_(\d{4})(\d{2})(\d{2})$/;
const BEFORE_PARTITION = /^delivery_events_before_(\d{4})(\d{2})(\d{2})$/;

/** The UTC day (`YYYY-MM-DD`) of an instant. */
export const utcDayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The UTC midnight starting a day. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

export const nextDay = (day: string): string => utcDayOf(new Date(dayStart(day).getTime() + DAY_MS));

export const dayPartitionName = (day: string): string => `delivery_events_${day.replaceAll('-', '')}`;

/**
 * The oldest instant kept: the UTC midnight `retentionDays` days before `now`'s. Partitions that
 * end at or before it are dropped, and an event kept under an earlier instant is not recorded
 * (its partition, with what would tell a retry apart, may be gone).
 */
export const retentionCutoff = (now: Date, retentionDays: number): Date =>
  new Date(dayStart(utcDayOf(now)).getTime() - retentionDays * DAY_MS);

export type EventPartition =
  | { name: string; kind: 'day'; day: string; from: Date; to: Date }
  | { name: string; kind: 'before'; from: null; to: Date };

/** What a partition's name says of its range; null for a table named otherwise. */
export function partitionOf(name: string): EventPartition | null {
  const day = DAY_PARTITION.exec(name);
  if (day) {
    const d = `${day[1]}-${day[2]}-${day[3]}`;
    return { name, kind: 'day', day: d, from: dayStart(d), to: dayStart(nextDay(d)) };
  }
  const before = BEFORE_PARTITION.exec(name);
  if (before)
    return { name, kind: 'before', from: null, to: dayStart(`${before[1]}-${before[2]}-${before[3]}`) };
  return null;
}
