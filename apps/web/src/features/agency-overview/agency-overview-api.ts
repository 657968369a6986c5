import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const agencyOverviewKeys = { all: ['agency-overview'] as const };

/** The agency's clients at a glance; asked again every minute while the page is open (spend moves). */
export function useAgencyOverview() {
  return useQuery({
    queryKey: agencyOverviewKeys.all,
    queryFn: async () => (await api.call(contract.reports.agencyOverview)).data.agencyOverview,
    refetchInterval: 60_000,
  });
}
