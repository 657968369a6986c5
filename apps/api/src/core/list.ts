import type { PageQuery } from '@rtb/shared';
import { pageMetaOf } from '@rtb/shared';
import { type AnyColumn, asc, desc, ilike, or, type SQL } from 'drizzle-orm';

/** LIMIT and OFFSET of a page. */
export const limitOffset = (query: PageQuery) => ({
  limit: query.perPage,
  offset: (query.page - 1) * query.perPage,
});

/** ORDER BY the chosen column, then the id, so pages never overlap or skip rows. */
export function orderOf(column: AnyColumn | SQL, order: 'asc' | 'desc', id: AnyColumn): SQL[] {
  const direction = order === 'desc' ? desc : asc;
  return [direction(column), direction(id)];
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
