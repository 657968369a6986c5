import { getTableColumns, getTableName, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

// Statements for batches: a list of any length goes as one array parameter (decision 0032).

/** A column's value as text for a `text[]` parameter (its column casts it back). */
function textOf(column: PgColumn, value: unknown): string | null {
  if (value === null) return null;
  const driven = column.mapToDriverValue(value);
  if (driven === null || driven === undefined) return null;
  if (typeof driven === 'string') return driven;
  if (driven instanceof Date) return driven.toISOString();
  if (typeof driven === 'object') return JSON.stringify(driven);
  return String(driven);
}

/** What a row leaves out: the column's static default, or its default function's value. */
function defaultOf(column: PgColumn, key: string): unknown {
  if (column.defaultFn) return column.defaultFn();
  if (column.default !== undefined && !(column.default instanceof SQL)) return column.default;
  throw new Error(
    `A row leaves out ${key}, whose default only the database knows: give it in every row or in none.`,
  );
}

/**
 * `insert into <table> (<columns>) select ... from unnest(...)`, for the caller to end (`on
 * conflict ...`, `returning ...`): each column's values go as one `text[]` parameter that the
 * select casts back to the column's type, in the rows' order. A batch of any size is a statement
 * of as many parameters as columns; drizzle's `insert().values()` builds a parameter per value, at
 * about 100 µs a row of 20 columns (decision 0032). The columns are those any row gives; a column
 * no row gives takes the database's default, and a row that leaves out a column another gives
 * takes the column's static default.
 */
export function insertRows<Table extends PgTable>(table: Table, rows: readonly Table['$inferInsert'][]): SQL {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const names = columns.map(([, column]) => sql.identifier(column.name));
  const arrays = columns.map(([key, column]) => {
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      return textOf(column, value === undefined ? defaultOf(column, key) : value);
    });
    return sql`${sql.param(values)}::text[]`;
  });
  const casts = columns.map(
    ([, column]) => sql`${sql.identifier(column.name)}::${sql.raw(column.getSQLType())}`,
  );
  return sql`insert into ${sql.identifier(getTableName(table))} (${sql.join(names, sql`, `)})
    select ${sql.join(casts, sql`, `)}
    from unnest(${sql.join(arrays, sql`, `)}) with ordinality as given (${sql.join(names, sql`, `)}, ordinal)
    order by ordinal`;
}

/**
 * `column = any($1)`: the values as one array parameter, where drizzle's `inArray` makes one per
 * value and checks each (decision 0032). An empty list matches nothing.
 */
export function anyOf(column: PgColumn, values: readonly (string | number)[]): SQL {
  return sql`${column} = any(${sql.param(values.map(String))}::text[]::${sql.raw(column.getSQLType())}[])`;
}
