import { advertisers, agencies, type Database } from '@rtb/db';
import { and, eq, inArray, ne } from 'drizzle-orm';

export async function organisationExists(
  db: Database,
  kind: 'agency' | 'advertiser',
  id: number,
): Promise<boolean> {
  const table = kind === 'agency' ? agencies : advertisers;
  const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return rows.length > 0;
}

export async function advertiserBelongsToAgency(db: Database, advertiserId: number, agencyId: number) {
  const rows = await db
    .select({ id: advertisers.id })
    .from(advertisers)
    .where(and(eq(advertisers.id, advertiserId), eq(advertisers.agencyId, agencyId)))
    .limit(1);
  return rows.length > 0;
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

export type NewAgency = typeof agencies.$inferInsert;
export type NewAdvertiser = typeof advertisers.$inferInsert;

export async function insertAgency(db: Database, values: NewAgency) {
  const [row] = await db.insert(agencies).values(values).returning();
  return row as typeof agencies.$inferSelect;
}

export async function insertAdvertiser(db: Database, values: NewAdvertiser) {
  const [row] = await db.insert(advertisers).values(values).returning();
  return row as typeof advertisers.$inferSelect;
}

/** Whether an advertiser (other than `exceptId`) has the code. */
export async function advertiserCodeTaken(db: Database, code: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: advertisers.id })
    .from(advertisers)
    .where(and(eq(advertisers.code, code), exceptId === undefined ? undefined : ne(advertisers.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** The ids of the agency's advertisers. */
export async function agencyAdvertiserIds(db: Database, agencyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: advertisers.id })
    .from(advertisers)
    .where(eq(advertisers.agencyId, agencyId));
  return rows.map((row) => row.id);
}
