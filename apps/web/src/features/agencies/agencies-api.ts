import type { AgencyDto, LogStatusVerificationDto, PageMeta } from '@rtb/shared';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ApiError, api, type RequestOptions } from '../../lib/api-client';
import { failureText } from '../organisations';
import './texts';

/** The pages' routes (spec section 2: agencies, agencies/single). */
export const AGENCIES_PATH = '/panel/admin/agencies';
export const agencyPath = (id?: number) =>
  id === undefined ? `${AGENCIES_PATH}/single` : `${AGENCIES_PATH}/single?id=${id}`;

export type List<T> = { elements: T[]; meta: PageMeta };

/** Agencies and advertisers both have a verification history under their own path. */
export type OrganisationKind = 'agencies' | 'advertisers';

export const agenciesKeys = {
  all: ['agencies'] as const,
  list: (params: RequestOptions['params']) => ['agencies', 'list', params] as const,
  detail: (id: number) => ['agencies', 'detail', id] as const,
};

export const statusHistoryKeys = {
  of: (kind: OrganisationKind, id: number) => ['status-history', kind, id] as const,
  page: (kind: OrganisationKind, id: number, page: number) => ['status-history', kind, id, page] as const,
};

export function useAgencies(params: RequestOptions['params'], enabled = true) {
  return useQuery({
    queryKey: agenciesKeys.list(params),
    queryFn: async () =>
      (await api.get<{ data: { agencies: List<AgencyDto> } }>('/admin/agencies', params)).data.agencies,
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function useAgency(id: number | null) {
  return useQuery({
    queryKey: agenciesKeys.detail(id ?? 0),
    queryFn: async () =>
      (await api.get<{ data: { agency: AgencyDto } }>(`/admin/agencies/${id}`)).data.agency,
    enabled: id !== null,
    retry: false,
  });
}

/** One page of an organisation's verification status changes, newest first. */
export function useStatusHistory(kind: OrganisationKind, id: number, page: number) {
  return useQuery({
    queryKey: statusHistoryKeys.page(kind, id, page),
    queryFn: async () =>
      (
        await api.get<{ data: { logStatusVerifications: List<LogStatusVerificationDto> } }>(
          `/admin/${kind}/${id}/status-verifications`,
          { page },
        )
      ).data.logStatusVerifications,
    placeholderData: (previous) => previous,
  });
}

/** The `id` query parameter: a positive integer, `null` when absent, NaN when malformed. */
export function idOf(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : Number.NaN;
}

/** The message of a failed load or action, for a state or a toast. */
export const agencyFailureText = (t: TFunction, error: ApiError) => failureText(t, error);
