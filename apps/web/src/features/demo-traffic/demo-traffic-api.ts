import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** How often the admin panel asks whether the demo traffic reaches the bidder. */
export const DEMO_TRAFFIC_POLL_MS = 30_000;

export const demoTrafficKeys = { status: ['demo-traffic', 'status'] as const };

/** GET /admin/demo-traffic, again every 30 s. */
export function useDemoTrafficStatus(enabled: boolean) {
  return useQuery({
    queryKey: demoTrafficKeys.status,
    queryFn: async () => (await api.call(contract.demoTraffic.status)).data.demoTraffic,
    enabled,
    refetchInterval: DEMO_TRAFFIC_POLL_MS,
  });
}
