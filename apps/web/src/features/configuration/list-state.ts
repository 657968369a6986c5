import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client';
import { useListParams } from '../../shell/list/use-list-params';
import { failureText } from './configuration-api';

/** The list parameters of a tab, without the `tab` itself (it is the page's, not the API's). */
export function useTabListParams() {
  const list = useListParams();
  const { tab: _tab, ...apiParams } = list.apiParams as Record<string, string | number | undefined>;
  return { ...list, apiParams };
}

/** A failed list load in words. */
export function loadError(t: TFunction, error: unknown): string | null {
  if (!error) return null;
  return isApiError(error) ? failureText(t, error) : t('common:errors.communication');
}
