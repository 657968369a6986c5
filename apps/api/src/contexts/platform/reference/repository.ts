import { countries, currencies, type Database, locales } from '@rtb/db';
import { and, asc, count, eq, inArray } from 'drizzle-orm';

const tables = { countries, currencies, locales } as const;
export type ReferenceList = keyof typeof tables;

/** One page of a reference list, enabled entries only unless `all`. */
export async function listReference<K extends ReferenceList>(
  db: Database,
  list: K,
  page: { page: number; perPage: number },
  all = false,
) {
  const table = tables[list] as typeof countries;
  const where = all ? undefined : eq(table.enabled, true);
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(asc(table.name), asc(table.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [total] = await db.select({ n: count() }).from(table).where(where);
  return { rows: rows as (typeof tables)[K]['$inferSelect'][], total: total?.n ?? 0 };
}

export async function isEnabledEntry(db: Database, list: ReferenceList, id: number): Promise<boolean> {
  const table = tables[list] as typeof countries;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.enabled, true)))
    .limit(1);
  return rows.length > 0;
}

export async function isEnabledLocale(db: Database, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: locales.id })
    .from(locales)
    .where(and(eq(locales.code, code), eq(locales.enabled, true)))
    .limit(1);
  return rows.length > 0;
}

/** A country by its code, with its name and whether it is in the EU. */
export async function findCountryByCode(db: Database, code: string) {
  const [row] = await db
    .select({ code: countries.code, name: countries.name, eu: countries.eu })
    .from(countries)
    .where(eq(countries.code, code));
  return row ?? null;
}

/** A currency with the number of decimals of its minor unit. */
export async function findCurrency(db: Database, id: number) {
  const [row] = await db
    .select({
      id: currencies.id,
      code: currencies.code,
      isoCode: currencies.isoCode,
      symbol: currencies.symbol,
      minorUnits: currencies.minorUnits,
    })
    .from(currencies)
    .where(eq(currencies.id, id));
  return row ?? null;
}

/** The enabled countries (code and name), by name. */
export function enabledCountries(db: Database) {
  return db
    .select({ code: countries.code, name: countries.name })
    .from(countries)
    .where(eq(countries.enabled, true))
    .orderBy(asc(countries.name), asc(countries.id));
}

/** The configured symbols of currencies by code, disabled ones too (money already in them keeps its symbol). */
export async function symbolsByCode(db: Database, codes: readonly string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select({ code: currencies.code, symbol: currencies.symbol })
    .from(currencies)
    .where(inArray(currencies.code, [...codes]));
  return new Map(rows.map((row) => [row.code, row.symbol]));
}
