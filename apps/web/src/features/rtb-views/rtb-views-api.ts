import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const rtbViewsKeys = { status: ['rtb-views', 'status'] as const };

/** GET /advertiser/rtb-views/status: the state of the five integration areas. */
export function useViewStatus(enabled: boolean) {
  return useQuery({
    queryKey: rtbViewsKeys.status,
    queryFn: async () => (await api.call(contract.rtbViews.status)).data.rtbViewStatus,
    enabled,
  });
}
