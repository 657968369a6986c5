import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * A campaign's lift test over its default period (from its first day, at most 92 days, to
 * today), asked only while it holds someone out; read again every 5 minutes, as purchases come.
 */
export function useCampaignLift(campaignId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['campaigns', campaignId, 'lift'],
    queryFn: async ({ signal }) =>
      (await api.call(contract.lift.campaign, { path: { id: campaignId }, query: {}, signal })).data
        .campaignLift,
    refetchInterval: 300_000,
    enabled,
  });
}
