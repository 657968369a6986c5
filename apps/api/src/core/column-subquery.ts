import { type SQL, sql } from 'drizzle-orm';

/**
 * A correlated subquery as a column of a select: how a context names another context's rows
 * (a currency, an organisation, a person) without reading its tables. Nested, so its columns stay
 * qualified in a single-table select (drizzle unqualifies only the columns at the top of a
 * selected expression).
 */
export const columnSubquery = <T>(query: SQL) => sql<T>`(${query})`;
