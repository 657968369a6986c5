import type { StatusVerificationBody } from '@rtb/shared';
import { contract, type ResponseOf } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Agencies and advertisers both have a verification history under their own path. */
export type OrganisationKind = 'agencies' | 'advertisers';

export const statusHistoryKeys = {
  of: (kind: OrganisationKind, id: number) => ['status-history', kind, id] as const,
  page: (kind: OrganisationKind, id: number, page: number) => ['status-history', kind, id, page] as const,
};

/** One page of an organisation's verification status changes, newest first. */
export function useStatusHistory(kind: OrganisationKind, id: number, page: number) {
  return useQuery({
    queryKey: statusHistoryKeys.page(kind, id, page),
    queryFn: async () =>
      (kind === 'agencies'
        ? await api.call(contract.agencies.statusHistory, { path: { id }, query: { page } })
        : await api.call(contract.advertisers.statusHistory, { path: { id }, query: { page } })
      ).data.logStatusVerifications,
    placeholderData: (previous) => previous,
  });
}

/** The answer of a status change: the organisation (under its own key) and the history row. */
export interface StatusChanges {
  agencies: ResponseOf<typeof contract.agencies.setStatus>['data'];
  advertisers: ResponseOf<typeof contract.advertisers.setStatus>['data'];
}
export type StatusChange<K extends OrganisationKind = OrganisationKind> = StatusChanges[K];

const setStatus: {
  [K in OrganisationKind]: (id: number, body: StatusVerificationBody) => Promise<StatusChanges[K]>;
} = {
  agencies: async (id, body) => (await api.call(contract.agencies.setStatus, { path: { id }, body })).data,
  advertisers: async (id, body) =>
    (await api.call(contract.advertisers.setStatus, { path: { id }, body })).data,
};

/** POST a new verification status with its comment. */
export const changeStatus = <K extends OrganisationKind>(
  kind: K,
  id: number,
  body: StatusVerificationBody,
): Promise<StatusChanges[K]> => setStatus[kind](id, body);
