import { type CampaignListItemDto, dateMessages, type ReportDto, reportMessages } from '@rtb/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { featureMessages } from '../../shell/form/feature-messages';
import './texts';

/** What the page asks for; absent values take the API's defaults (the last 7 days, every campaign). */
export interface ReportParams {
  from?: string;
  to?: string;
  campaignId?: string;
}

/** The API's report texts (a period's field errors) in the interface language. */
export const reportMessagesOf = featureMessages('reports', reportMessages, dateMessages);

export const reportsKeys = {
  report: (params: ReportParams) => ['reports', 'advertiser', params] as const,
};

/** The advertiser's report; not asked while the period is one the API would refuse. */
export function useReport(params: ReportParams, enabled: boolean) {
  return useQuery({
    queryKey: reportsKeys.report(params),
    queryFn: async () =>
      (await api.get<{ data: { report: ReportDto } }>('/advertiser/reports', { ...params })).data.report,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The advertiser's campaigns to filter by (the first 100 by name). */
export function useCampaignChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['campaigns', 'advertiser', 'report-choices'],
    queryFn: async () =>
      (
        await api.get<{ data: { campaigns: { elements: CampaignListItemDto[] } } }>('/advertiser/campaigns', {
          perPage: 100,
          sort: 'name',
        })
      ).data.campaigns.elements,
    enabled,
  });
}
