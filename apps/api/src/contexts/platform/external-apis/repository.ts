import { type Database, logExternalApis } from '@rtb/db';
import type { LogExternalApisQuery } from '@rtb/shared';
import { and, count, eq, gte, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { limitOffset, orderOf, searchOf } from '../../../core/list';

/** A call to log; `createdAt` is when it ended, not when the row is written in the background. */
export type NewExternalCall = Omit<typeof logExternalApis.$inferInsert, 'id' | 'createdAt'> & {
  createdAt: Date;
};

export async function insertExternalCall(db: Database, row: NewExternalCall): Promise<void> {
  await db.insert(logExternalApis).values(row);
}

export interface ExternalCallFilter {
  search?: string;
  service?: string;
  outcome?: LogExternalApisQuery['outcome'];
  /** created_at >= from */
  from?: Date;
  /** created_at < before */
  before?: Date;
}

const t = logExternalApis;
/** An answer below 400 is a success; no answer or an error status is not. */
const succeeded = and(isNull(t.error), isNotNull(t.statusCode), lt(t.statusCode, 400));
const failed = or(isNotNull(t.error), isNull(t.statusCode), gte(t.statusCode, 400));

function conditionsOf(filter: ExternalCallFilter): SQL | undefined {
  return and(
    filter.service !== undefined ? eq(t.service, filter.service) : undefined,
    filter.outcome === 'ok' ? succeeded : filter.outcome === 'error' ? failed : undefined,
    filter.from ? gte(t.createdAt, filter.from) : undefined,
    filter.before ? lt(t.createdAt, filter.before) : undefined,
    searchOf(filter.search, [t.url]),
  );
}

/** A page of the log, newest first (as the created_at and service indexes are). */
export async function listExternalCalls(
  db: Database,
  filter: ExternalCallFilter,
  page: { page: number; perPage: number },
) {
  const where = conditionsOf(filter);
  const { limit, offset } = limitOffset(page);
  const rows = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(...orderOf(t.createdAt, 'desc', t.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return { rows, total: total?.n ?? 0 };
}

export type ExternalCallRow = Awaited<ReturnType<typeof listExternalCalls>>['rows'][number];
