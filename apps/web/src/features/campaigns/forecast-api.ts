import type { CampaignForecastBodyInput } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** POST /advertiser/campaigns/forecast: the form's traffic per day; null asks nothing. */
export function useCampaignForecast(body: CampaignForecastBodyInput | null) {
  return useQuery({
    queryKey: ['campaigns', 'forecast', body] as const,
    queryFn: async () =>
      (await api.call(contract.forecasts.campaign, { body: body as CampaignForecastBodyInput })).data
        .forecast,
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}
