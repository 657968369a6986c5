import { audiences, type Database } from '@rtb/db';
import { audienceMemberCount } from '@rtb/delivery';
import { type AudiencesQuery, audienceRules } from '@rtb/shared';
import { and, count, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { limitOffset, searchOf } from '../../../core/list';
import { productOfTypeAmong } from '../../shop';
import { campaignCountOfAudience } from '../campaigns/service';

/**
 * The audience's estimated size as a column of a query over `audiences`: distinct members now,
 * one correlated count per row, of the row's rule only (a CASE evaluates just its own branch).
 */
function estimatedSizeOf(now: Date): SQL<number> {
  const since = sql`${now.toISOString()}::timestamptz - make_interval(days => ${audiences.lookbackDays}::int)`;
  const advertiserId = sql`${audiences.advertiserId}`;
  const branches = audienceRules.map(
    (rule) =>
      sql`when ${rule} then ${audienceMemberCount(rule, advertiserId, since, sql`${audiences.productType}`, productOfTypeAmong)}`,
  );
  // Nested, so a single-table select keeps the columns qualified (drizzle unqualifies only the
  // columns at the top of a selected expression).
  return sql<number>`(${sql`case ${audiences.rule} ${sql.join(branches, sql` `)} end`})`;
}

/** An audience with its estimated size and how many campaigns use it: what its DTO needs. */
const audienceColumns = (now: Date) => ({
  ...getTableColumns(audiences),
  estimatedSize: estimatedSizeOf(now),
  campaignCount: campaignCountOfAudience(audiences.id, audiences.advertiserId),
});

export type AudienceRecord = typeof audiences.$inferSelect;
export type AudienceRow = AudienceRecord & { estimatedSize: number; campaignCount: number };

/** A page of the advertiser's audiences, newest first, in one query (and one to count them). */
export async function listAudiences(db: Database, advertiserId: number, query: AudiencesQuery, now: Date) {
  const where = and(eq(audiences.advertiserId, advertiserId), searchOf(query.search, [audiences.name]));
  const { limit, offset } = limitOffset(query);
  const rows: AudienceRow[] = await db
    .select(audienceColumns(now))
    .from(audiences)
    .where(where)
    .orderBy(desc(audiences.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(audiences).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The advertiser's audience with its size; null for another's, as for none. */
export async function findAudience(
  db: Database,
  advertiserId: number,
  id: number,
  now: Date,
): Promise<AudienceRow | null> {
  const [row] = await db
    .select(audienceColumns(now))
    .from(audiences)
    .where(and(eq(audiences.id, id), eq(audiences.advertiserId, advertiserId)));
  return row ?? null;
}

/** The advertiser's audience, locked for the rest of the transaction (for a change or a delete). */
export async function lockAudience(
  db: Database,
  advertiserId: number,
  id: number,
): Promise<AudienceRecord | null> {
  const [row] = await db
    .select()
    .from(audiences)
    .where(and(eq(audiences.id, id), eq(audiences.advertiserId, advertiserId)))
    .for('update');
  return row ?? null;
}

export type NewAudience = Omit<typeof audiences.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertAudience(db: Database, values: NewAudience): Promise<number> {
  const [row] = await db.insert(audiences).values(values).returning({ id: audiences.id });
  if (!row) throw new Error('audience not inserted');
  return row.id;
}

export async function updateAudience(db: Database, id: number, values: Partial<NewAudience>): Promise<void> {
  await db.update(audiences).set(values).where(eq(audiences.id, id));
}

export async function deleteAudience(db: Database, id: number): Promise<void> {
  await db.delete(audiences).where(eq(audiences.id, id));
}

/**
 * Which of `ids` are audiences of the advertiser. They stay key-share locked for the caller's
 * transaction, so a campaign saved with one cannot commit while it is being deleted (the
 * delete, which locks the row for update, then sees the campaign and refuses).
 */
export async function ownAudienceIds(
  db: Database,
  advertiserId: number,
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: audiences.id })
    .from(audiences)
    .where(and(eq(audiences.advertiserId, advertiserId), inArray(audiences.id, ids)))
    .for('key share');
  return new Set(rows.map((row) => row.id));
}

/** The estimated sizes (distinct members now) of those of `ids` that are the advertiser's audiences. */
export async function audienceSizesOf(
  db: Database,
  advertiserId: number,
  ids: number[],
  now: Date,
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: audiences.id, size: estimatedSizeOf(now) })
    .from(audiences)
    .where(and(eq(audiences.advertiserId, advertiserId), inArray(audiences.id, ids)));
  return new Map(rows.map((row) => [row.id, Number(row.size)]));
}
