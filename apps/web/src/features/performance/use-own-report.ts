import { contract, type QueryOf } from '@rtb/shared/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The query of a report as sent (the API fills in the rest). */
export type OwnReportQuery = QueryOf<typeof contract.reports.own>;

/**
 * The signed-in advertiser's report (the same as the reports page reads), refreshed every minute
 * while the page is open: these pages are where a marketer watches today's delivery.
 */
export function useOwnReport(query: OwnReportQuery, enabled = true) {
  return useQuery({
    queryKey: ['reports', 'own', query],
    queryFn: async ({ signal }) => (await api.call(contract.reports.own, { query, signal })).data.report,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    enabled,
  });
}
