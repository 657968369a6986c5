import type { PageQuery } from '@rtb/shared';
import { pageMetaOf } from '@rtb/shared';
import { type AnyColumn, and, asc, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** LIMIT and OFFSET of a page. */
export const limitOffset = (query: PageQuery) => ({
  limit: query.perPage,
  offset: (query.page - 1) * query.perPage,
});

/**
 * ORDER BY the chosen column, then the id, so pages never overlap or skip rows. Descending
 * sorts say NULLS LAST, as the indexes do (PostgreSQL's default for DESC is NULLS FIRST,
 * which an index built `DESC NULLS LAST` cannot serve).
 */
export function orderOf(column: AnyColumn | SQL, order: 'asc' | 'desc', id: AnyColumn): SQL[] {
  if (order === 'asc') return [asc(column), asc(id)];
  return [sql`${column} desc nulls last`, sql`${id} desc nulls last`];
}

/** Rows whose columns contain the search text (case-insensitive); no condition without one. */
export function searchOf(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** `{elements, meta}` of a page. */
export function listOfPage<T>(elements: T[], query: PageQuery, total: number) {
  return { elements, meta: pageMetaOf(query.page, query.perPage, total) };
}

const DAY_MS = 86_400_000;

/** The column within the UTC days `from` and `to` (a list's date filters), both included. */
export function withinDays(column: AnyColumn, range: { from?: string; to?: string }): SQL | undefined {
  return and(
    range.from ? gte(column, new Date(`${range.from}T00:00:00Z`)) : undefined,
    range.to ? lt(column, new Date(new Date(`${range.to}T00:00:00Z`).getTime() + DAY_MS)) : undefined,
  );
}

/** One page of a (dynamic) select, newest first: by `at` descending, then the id. */
export function newestFirstPage<T extends PgSelect>(
  select: T,
  at: AnyColumn,
  id: AnyColumn,
  page: PageQuery,
) {
  const { limit, offset } = limitOffset(page);
  return select
    .orderBy(...orderOf(at, 'desc', id))
    .limit(limit)
    .offset(offset);
}
