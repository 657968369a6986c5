import { advertisers, agencies, type Database, logStatusVerifications } from '@rtb/db';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { limitOffset, orderOf } from '../../../core/list';
import { personOf } from '../../identity';

export type NewLogStatusVerification = typeof logStatusVerifications.$inferInsert;

export async function insertLogStatusVerification(
  db: Database,
  values: NewLogStatusVerification,
): Promise<number> {
  const [row] = await db
    .insert(logStatusVerifications)
    .values(values)
    .returning({ id: logStatusVerifications.id });
  if (!row) throw new Error('The status verification log row was not written.');
  return row.id;
}

const selectLogRows = (db: Database) =>
  db
    .select({
      id: logStatusVerifications.id,
      createdAt: logStatusVerifications.createdAt,
      agency: { id: agencies.id, name: agencies.name },
      advertiser: { id: advertisers.id, name: advertisers.name },
      statusFrom: logStatusVerifications.statusFrom,
      statusTo: logStatusVerifications.statusTo,
      comment: logStatusVerifications.comment,
      changedBy: personOf(logStatusVerifications.changedByAccountId),
    })
    .from(logStatusVerifications)
    .leftJoin(agencies, eq(agencies.id, logStatusVerifications.agencyId))
    .leftJoin(advertisers, eq(advertisers.id, logStatusVerifications.advertiserId));

export interface LogStatusVerificationFilter {
  agencyId?: number;
  advertiserId?: number;
}

const conditionsOf = (filter: LogStatusVerificationFilter): SQL | undefined =>
  and(
    filter.agencyId === undefined ? undefined : eq(logStatusVerifications.agencyId, filter.agencyId),
    filter.advertiserId === undefined
      ? undefined
      : eq(logStatusVerifications.advertiserId, filter.advertiserId),
  );

/** A page of status changes, newest first (the indexes lead with the organisation). */
export async function listLogStatusVerifications(
  db: Database,
  filter: LogStatusVerificationFilter,
  page: { page: number; perPage: number },
) {
  const where = conditionsOf(filter);
  const { limit, offset } = limitOffset(page);
  const rows = await selectLogRows(db)
    .where(where)
    .orderBy(...orderOf(logStatusVerifications.createdAt, 'desc', logStatusVerifications.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(logStatusVerifications).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findLogStatusVerification(db: Database, id: number) {
  const [row] = await selectLogRows(db).where(eq(logStatusVerifications.id, id));
  return row ?? null;
}

export type LogStatusVerificationRow = NonNullable<Awaited<ReturnType<typeof findLogStatusVerification>>>;
