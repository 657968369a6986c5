import { useListParams } from '../../shell/list/use-list-params';

/** The list parameters of a tab, without the `tab` itself (it is the page's, not the API's). */
export function useTabListParams() {
  const list = useListParams();
  const { tab: _tab, ...apiParams } = list.apiParams as Record<string, string | number | undefined>;
  return { ...list, apiParams };
}

/** `to` before `from` (both `YYYY-MM-DD`, so they compare as text). */
export const rangeIsReversed = (filters: Record<string, string>) =>
  Boolean(filters.from && filters.to && filters.from > filters.to);
