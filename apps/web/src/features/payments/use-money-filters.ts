import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { isApiError } from '../../lib/api-client';
import { issueText } from '../../lib/error-text';
import { useListParams } from '../../shell/list/use-list-params';
import type { FilterField } from '../activity-logs';

/** The page's own URL parameters (its tab, the online payment it came back from): not filters. */
export const PAYMENTS_PAGE_KEYS = ['tab', 'onlinePayment', 'result'] as const;

export type FilterFieldOf = (key: string) => FilterField;

export interface MoneyFilters {
  apiParams: Record<string, string | number>;
  update: (changes: Record<string, string | number | undefined>) => void;
  field: (key: string, errors?: Record<string, string>) => FilterField;
  filtered: boolean;
}

/**
 * A money list's filters, kept in the URL and applied as they change (back to page 1); the API
 * checks them, and its field errors show on the fields.
 */
export function useMoneyFilters(keys: readonly string[]): MoneyFilters {
  const { params, update } = useListParams({ pageKeys: PAYMENTS_PAGE_KEYS });
  const keyList = keys.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyList stands for keys
  const picked = useMemo(() => {
    const values: Record<string, string> = {};
    for (const key of keys) if (params.filters[key]) values[key] = params.filters[key];
    return values;
  }, [params.filters, keyList]);
  const apiParams = useMemo(() => ({ page: params.page, ...picked }), [params.page, picked]);

  const field = (key: string, errors: Record<string, string> = {}) => ({
    name: key,
    value: picked[key] ?? '',
    error: errors[key],
    onChange: (event: { target: { value: string } }) => update({ [key]: event.target.value }),
  });

  return { apiParams, update, field, filtered: Object.keys(picked).length > 0 };
}

/**
 * The API's verdict on the filters, per field (a 422 of the list's query), each by its code; a
 * text without a code (not the API's) as it came, as the forms show them.
 */
export function filterErrorsOf(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiError(error) || error.code !== 422) return {};
  const errors: Record<string, string> = {};
  for (const [key, [text]] of Object.entries(error.validationErrors)) {
    const issue = error.issues?.[key]?.[0];
    const shown = issue ? issueText(t, issue) : text;
    if (shown) errors[key] = shown;
  }
  return errors;
}
