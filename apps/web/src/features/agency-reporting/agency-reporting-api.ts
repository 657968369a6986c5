import { REPORT_MAX_PAGE_SIZE } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { type AgencyReportParams, reportQueryOf } from './agency-report-params';

const getReport = async (query: Record<string, string | number>) =>
  (await api.call(contract.reports.agencyStats, { query })).data.advertiserCampaignStats;

export const agencyReportKeys = {
  all: ['agency-reporting'] as const,
  report: (query: Record<string, string | number>) => ['agency-reporting', 'report', query] as const,
  campaigns: (query: Record<string, string | number>) => ['agency-reporting', 'campaigns', query] as const,
};

/** The agency's report as the address asks for it; not asked while the API would refuse the period. */
export function useAgencyReport(params: AgencyReportParams, enabled: boolean) {
  const query = reportQueryOf(params);
  return useQuery({
    queryKey: agencyReportKeys.report(query),
    queryFn: () => getReport(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The campaigns of one advertiser to filter by: the API has no campaign list for agencies, so
 * they are the rows of its report by campaign over the same period (the campaigns that bid or
 * delivered in it), by name.
 */
export function useCampaignChoices(
  period: { from?: string; to?: string },
  advertiserId: string | undefined,
  enabled: boolean,
) {
  const query: Record<string, string | number> = {
    ...(period.from && period.to ? { from: period.from, to: period.to } : {}),
    advertiserId: advertiserId ?? '',
    by: 'campaign',
    sort: 'name',
    order: 'asc',
    perPage: REPORT_MAX_PAGE_SIZE,
  };
  return useQuery({
    queryKey: agencyReportKeys.campaigns(query),
    queryFn: async () =>
      (await getReport(query)).rows.elements.flatMap((row) =>
        row.campaignId === null ? [] : [{ id: row.campaignId, name: row.campaignName ?? '' }],
      ),
    enabled: enabled && advertiserId !== undefined,
  });
}
