import { activityLogs, type Database } from '@rtb/db';
import type { ActivityEvent } from '@rtb/shared';
import { type AnyColumn, and, count, eq, getTableColumns, gte, lt, type SQL, sql } from 'drizzle-orm';

// The log's reads: platform owns the table (every context writes to it through recordActivity);
// organisations lists it, naming people and organisations through their owners' published reads
// around the page these functions pick.

export interface ActivityLogFilter {
  agencyId?: number;
  advertiserId?: number;
  actorAccountId?: number;
  entityType?: string;
  entityId?: string;
  event?: ActivityEvent;
  /** created_at >= from */
  from?: Date;
  /** created_at < before */
  before?: Date;
}

/**
 * Where a keyset page starts: strictly after this row in (created_at desc, id desc) order.
 * `createdAt` keeps PostgreSQL's microseconds (ISO, UTC), which a JS Date would lose.
 */
export interface KeysetPosition {
  createdAt: string;
  id: number;
}

/** Equality filters first, so each combination can use the index led by one of them. */
export function activityLogConditions(filter: ActivityLogFilter): SQL[] {
  const t = activityLogs;
  const conditions: (SQL | undefined)[] = [
    filter.agencyId !== undefined ? eq(t.agencyId, filter.agencyId) : undefined,
    filter.advertiserId !== undefined ? eq(t.advertiserId, filter.advertiserId) : undefined,
    filter.actorAccountId !== undefined ? eq(t.actorAccountId, filter.actorAccountId) : undefined,
    filter.entityType !== undefined ? eq(t.entityType, filter.entityType) : undefined,
    filter.entityId !== undefined ? eq(t.entityId, filter.entityId) : undefined,
    filter.event !== undefined ? eq(t.event, filter.event) : undefined,
    filter.from ? gte(t.createdAt, filter.from) : undefined,
    filter.before ? lt(t.createdAt, filter.before) : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

/**
 * Newest first, spelt as the indexes are (`desc nulls last`): a plain `desc` means nulls first,
 * which PostgreSQL will not read from those indexes (NOT NULL columns notwithstanding) and
 * sorts the whole table instead.
 */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn): SQL[] => [
  sql`${createdAt} desc nulls last`,
  sql`${id} desc nulls last`,
];

/** A row-value comparison, which the (…, created_at desc, id desc) indexes answer as a range. */
const after = (position: KeysetPosition): SQL =>
  sql`(${activityLogs.createdAt}, ${activityLogs.id}) < (${position.createdAt}::timestamptz, ${position.id}::bigint)`;

/** The filter's rows after `position` (from the newest without one), or the one row with `id`. */
export function activityLogsWhere(
  filter: ActivityLogFilter,
  at: { position?: KeysetPosition | null; id?: number } = {},
): SQL[] {
  const where = activityLogConditions(filter);
  if (at.position) where.push(after(at.position));
  if (at.id !== undefined) where.push(eq(activityLogs.id, at.id));
  return where;
}

/**
 * At most `limit` rows, newest first, as a WITH query named `page`: picked (and limited) on
 * activity_logs alone, so the index does the filtering and ordering, and whoever names the rows
 * joins only the page's. `position` is where the next page starts.
 */
export const activityLogPage = (db: Database, where: SQL[], limit: number) =>
  db.$with('page').as(
    db
      .select({
        ...getTableColumns(activityLogs),
        position:
          sql<string>`to_char(${activityLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
            'position',
          ),
      })
      .from(activityLogs)
      .where(and(...where))
      .orderBy(...newestFirst(activityLogs.createdAt, activityLogs.id))
      .limit(limit),
  );

/** How many rows match, counting no further than `cap` (a count of a million rows is slow). */
export async function countActivityLogs(
  db: Database,
  filter: ActivityLogFilter,
  cap: number,
): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(activityLogs)
    .where(and(...activityLogConditions(filter)))
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}
