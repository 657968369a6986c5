import { useListParams } from './use-list-params';

/** The list parameters of a tab, without the `tab` itself (it is the page's, not the API's). */
export function useTabListParams() {
  const list = useListParams();
  const { tab: _tab, ...apiParams } = list.apiParams as Record<string, string | number | undefined>;
  return { ...list, apiParams };
}
