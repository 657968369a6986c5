import type { LogStatusVerificationDto } from '@rtb/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { List } from '../organisations';
import './texts';

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
      (
        await api.get<{ data: { logStatusVerifications: List<LogStatusVerificationDto> } }>(
          `/admin/${kind}/${id}/status-verifications`,
          { page },
        )
      ).data.logStatusVerifications,
    placeholderData: (previous) => previous,
  });
}
