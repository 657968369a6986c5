import { activityLogs, advertisers, type Database } from '@rtb/db';
import { inArray } from 'drizzle-orm';

export type NewActivityLog = typeof activityLogs.$inferInsert;

export async function insertActivityLogs(db: Database, rows: NewActivityLog[]): Promise<void> {
  if (rows.length) await db.insert(activityLogs).values(rows);
}

/** The agency of each of these advertisers that has one (an empty list asks nothing). */
export async function agenciesOfAdvertisers(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: advertisers.id, agencyId: advertisers.agencyId })
    .from(advertisers)
    .where(inArray(advertisers.id, [...new Set(ids)]));
  return new Map(rows.flatMap((row) => (row.agencyId !== null ? [[row.id, row.agencyId] as const] : [])));
}
