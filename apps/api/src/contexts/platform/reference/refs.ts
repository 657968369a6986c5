import { countries, currencies } from '@rtb/db';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { columnSubquery } from '../../../core/column-subquery';

/** A currency as rows name it. */
export interface CurrencyRef {
  id: number;
  code: string;
  isoCode: string;
  symbol: string;
}

/** A country as rows name it. */
export interface CountryRef {
  id: number;
  code: string;
  isoCode: string;
  name: string;
}

const currencyRef = (currencyId: AnyColumn | SQL) =>
  sql`select json_build_object('id', ${currencies.id}, 'code', ${currencies.code}, 'isoCode', ${currencies.isoCode}, 'symbol', ${currencies.symbol}) from ${currencies} where ${eq(currencies.id, currencyId)}`;

/**
 * The currency of another context's row (a required one), as a column of its query: a correlated
 * subquery on the primary key, so the reference tables stay read by this context only.
 */
export const currencyOf = (currencyId: AnyColumn | SQL) =>
  columnSubquery<CurrencyRef>(currencyRef(currencyId));

/** The currency of a row whose currency is optional (null when none). */
export const currencyOrNullOf = (currencyId: AnyColumn | SQL) =>
  columnSubquery<CurrencyRef | null>(currencyRef(currencyId));

/** The minor units of a row's currency (2 for cents), as a column of its query. */
export const currencyMinorUnitsOf = (currencyId: AnyColumn | SQL) =>
  columnSubquery<number>(
    sql`select ${currencies.minorUnits} from ${currencies} where ${eq(currencies.id, currencyId)}`,
  );

/** The country of another context's row, as a column of its query (null when none). */
export const countryOf = (countryId: AnyColumn | SQL) =>
  columnSubquery<CountryRef | null>(
    sql`select json_build_object('id', ${countries.id}, 'code', ${countries.code}, 'isoCode', ${countries.isoCode}, 'name', ${countries.name}) from ${countries} where ${eq(countries.id, countryId)}`,
  );
