import { configValues, countries, currencies, currencyRates, type Database, locales } from '@rtb/db';
import type { AdminReferenceQuery, ConfigValuesQuery, CurrencyRatesQuery } from '@rtb/shared';
import { and, count, desc, eq, lte } from 'drizzle-orm';
import { limitOffset, orderOf, searchOf } from '../../../core/list';

const tables = { countries, currencies, locales } as const;
export type ReferenceList = keyof typeof tables;
export type ReferenceRow<K extends ReferenceList> = (typeof tables)[K]['$inferSelect'];
export type ReferenceUpdate<K extends ReferenceList> = Partial<(typeof tables)[K]['$inferInsert']>;

/** Every entry (enabled or not) matching the search, sorted and paged. */
export async function pageReference<K extends ReferenceList>(
  db: Database,
  list: K,
  query: AdminReferenceQuery,
): Promise<{ rows: ReferenceRow<K>[]; total: number }> {
  // The three tables share name, code, enabled and id; typed as one for the query builder.
  const table = tables[list] as typeof countries;
  const searched = [table.name, table.code, ...('isoCode' in tables[list] ? [table.isoCode] : [])];
  const where = searchOf(query.search, searched);
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(...orderOf(query.sort === 'code' ? table.code : table.name, query.order, table.id))
    .limit(limitOffset(query).limit)
    .offset(limitOffset(query).offset);
  const [total] = await db.select({ n: count() }).from(table).where(where);
  return { rows: rows as ReferenceRow<K>[], total: total?.n ?? 0 };
}

export async function findReference<K extends ReferenceList>(
  db: Database,
  list: K,
  id: number,
): Promise<ReferenceRow<K> | undefined> {
  const table = tables[list] as typeof countries;
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row as ReferenceRow<K> | undefined;
}

export async function updateReference<K extends ReferenceList>(
  db: Database,
  list: K,
  id: number,
  values: ReferenceUpdate<K>,
): Promise<ReferenceRow<K> | undefined> {
  const table = tables[list] as typeof countries;
  const [row] = await db
    .update(table)
    .set(values as ReferenceUpdate<'countries'>)
    .where(eq(table.id, id))
    .returning();
  return row as ReferenceRow<K> | undefined;
}

export async function findCurrencyByCode(db: Database, code: string) {
  const [row] = await db.select().from(currencies).where(eq(currencies.code, code));
  return row;
}

// --- Currency rates -------------------------------------------------------------------------

const rateColumns = {
  id: currencyRates.id,
  currencyId: currencyRates.currencyId,
  currencyCode: currencies.code,
  rate: currencyRates.rate,
  validFrom: currencyRates.validFrom,
  createdAt: currencyRates.createdAt,
  createdByAccountId: currencyRates.createdByAccountId,
};
export type CurrencyRateRow = {
  id: number;
  currencyId: number;
  currencyCode: string;
  rate: string;
  validFrom: string;
  createdAt: Date;
  createdByAccountId: number | null;
};

/** Rates newest first (by the date they apply from), of one currency or all. */
export async function pageCurrencyRates(
  db: Database,
  query: CurrencyRatesQuery,
): Promise<{ rows: CurrencyRateRow[]; total: number }> {
  const where = query.currencyId === undefined ? undefined : eq(currencyRates.currencyId, query.currencyId);
  const rows = await db
    .select(rateColumns)
    .from(currencyRates)
    .innerJoin(currencies, eq(currencies.id, currencyRates.currencyId))
    .where(where)
    .orderBy(desc(currencyRates.validFrom), desc(currencyRates.id))
    .limit(limitOffset(query).limit)
    .offset(limitOffset(query).offset);
  const [total] = await db.select({ n: count() }).from(currencyRates).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findCurrencyRate(db: Database, id: number): Promise<CurrencyRateRow | undefined> {
  const [row] = await db
    .select(rateColumns)
    .from(currencyRates)
    .innerJoin(currencies, eq(currencies.id, currencyRates.currencyId))
    .where(eq(currencyRates.id, id));
  return row;
}

/** The new rate's id, or null when the currency already has a rate from that date. */
export async function insertCurrencyRate(
  db: Database,
  values: typeof currencyRates.$inferInsert,
): Promise<number | null> {
  const [row] = await db
    .insert(currencyRates)
    .values(values)
    .onConflictDoNothing({ target: [currencyRates.currencyId, currencyRates.validFrom] })
    .returning({ id: currencyRates.id });
  return row?.id ?? null;
}

export async function deleteCurrencyRate(db: Database, id: number): Promise<void> {
  await db.delete(currencyRates).where(eq(currencyRates.id, id));
}

/** The rate with the latest `valid_from` on or before `date` (YYYY-MM-DD). */
export async function findRateOn(db: Database, currencyId: number, date: string): Promise<string | null> {
  const [row] = await db
    .select({ rate: currencyRates.rate })
    .from(currencyRates)
    .where(and(eq(currencyRates.currencyId, currencyId), lte(currencyRates.validFrom, date)))
    .orderBy(desc(currencyRates.validFrom))
    .limit(1);
  return row?.rate ?? null;
}

// --- Config values --------------------------------------------------------------------------

export async function pageConfigValues(db: Database, query: ConfigValuesQuery) {
  const where = searchOf(query.search, [configValues.key, configValues.description]);
  const sortColumn = { key: configValues.key, type: configValues.type, updatedAt: configValues.updatedAt }[
    query.sort
  ];
  const rows = await db
    .select()
    .from(configValues)
    .where(where)
    .orderBy(...orderOf(sortColumn, query.order, configValues.id))
    .limit(limitOffset(query).limit)
    .offset(limitOffset(query).offset);
  const [total] = await db.select({ n: count() }).from(configValues).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findConfigValueById(db: Database, id: number) {
  const [row] = await db.select().from(configValues).where(eq(configValues.id, id));
  return row;
}
