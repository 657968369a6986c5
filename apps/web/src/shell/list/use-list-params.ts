import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  page: number;
  search: string;
  sort: string | undefined;
  order: 'asc' | 'desc';
  /** Any other query parameter: the list's filters. */
  filters: Record<string, string>;
}

const RESERVED = new Set(['page', 'search', 'sort', 'order']);

/**
 * A list's page, search, sort and filters live in the URL, so a list can be shared, reloaded
 * and navigated back to as it was. Changing anything but the page goes back to page 1.
 * `pageKeys` are the page's own parameters (a tab, an open entry): not filters of the list.
 */
export function useListParams({ pageKeys = [] }: { pageKeys?: readonly string[] } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  // A string, so a new array of the same keys on every render changes nothing.
  const ownKeys = pageKeys.join('\n');

  const params = useMemo<ListParams>(() => {
    const pageOwn = new Set(ownKeys.split('\n'));
    const filters: Record<string, string> = {};
    for (const [key, value] of searchParams)
      if (!RESERVED.has(key) && !pageOwn.has(key) && value) filters[key] = value;
    return {
      page: Math.max(1, Number(searchParams.get('page')) || 1),
      search: searchParams.get('search') ?? '',
      sort: searchParams.get('sort') ?? undefined,
      order: searchParams.get('order') === 'desc' ? 'desc' : 'asc',
      filters,
    };
  }, [searchParams, ownKeys]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  /** Sorting by the same column again flips the order. */
  const toggleSort = useCallback(
    (field: string) =>
      update({ sort: field, order: params.sort === field && params.order === 'asc' ? 'desc' : 'asc' }),
    [params.sort, params.order, update],
  );

  /** The query string for the API: page, search, sort, order and filters. */
  const apiParams = useMemo(
    () => ({
      page: params.page,
      search: params.search || undefined,
      sort: params.sort,
      order: params.sort ? params.order : undefined,
      ...params.filters,
    }),
    [params],
  );

  return { params, apiParams, update, toggleSort };
}
