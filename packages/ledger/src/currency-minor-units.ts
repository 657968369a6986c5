import { currencies, type Database } from '@rtb/db';
import { inArray } from 'drizzle-orm';

/** The decimals of each of these currencies' minor unit. */
export async function minorUnitsOf(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: currencies.id, minorUnits: currencies.minorUnits })
    .from(currencies)
    .where(inArray(currencies.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.minorUnits]));
}
