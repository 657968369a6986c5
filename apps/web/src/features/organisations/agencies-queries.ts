import type { PageMeta } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api-client';

/** The pages' routes (spec section 2: agencies, agencies/single). */
export const AGENCIES_PATH = '/panel/admin/agencies';
export const agencyPath = (id?: number) =>
  id === undefined ? `${AGENCIES_PATH}/single` : `${AGENCIES_PATH}/single?id=${id}`;

export type List<T> = { elements: T[]; meta: PageMeta };

export const agenciesKeys = {
  all: ['agencies'] as const,
  list: (params: RequestOptions['params']) => ['agencies', 'list', params] as const,
  detail: (id: number) => ['agencies', 'detail', id] as const,
};

export function useAgencies(params: RequestOptions['params'], enabled = true) {
  return useQuery({
    queryKey: agenciesKeys.list(params),
    queryFn: async () => (await api.call(contract.agencies.list, { query: params })).data.agencies,
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function useAgency(id: number | null) {
  return useQuery({
    queryKey: agenciesKeys.detail(id ?? 0),
    queryFn: async () => (await api.call(contract.agencies.one, { path: { id: id ?? 0 } })).data.agency,
    enabled: id !== null,
    retry: false,
  });
}

/** The `id` query parameter: a positive integer, `null` when absent, NaN when malformed. */
export function idOf(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : Number.NaN;
}
