import {
  type CampaignListItemDto,
  dateMessages,
  type ExportFormat,
  type ReportDto,
  type ReportMetricKey,
  reportMessages,
} from '@rtb/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { featureMessages } from '../../shell/form/feature-messages';
import type { MetricKey } from './report-metrics';
import type { ReportSearch } from './report-params';
import { reportApiParams } from './report-params';
import './texts';

/** The advertiser's own report; the agency reads one advertiser's at `agencyReportsApi(id)` (same query and answer). */
export const advertiserReportsApi = '/advertiser/reports';
export const agencyReportsApi = (advertiserId: number) => `/agency/advertisers/${advertiserId}/reports`;

/** The API's report texts (a period's field errors) in the interface language. */
export const reportMessagesOf = featureMessages('reports', reportMessages, dateMessages);

export const reportsKeys = {
  report: (apiPath: string, params: Record<string, string>) => ['reports', apiPath, params] as const,
};

/** The report at `apiPath`; not asked while the period is one the API would refuse. */
export function useReport(apiPath: string, params: Record<string, string>, enabled: boolean) {
  return useQuery({
    queryKey: reportsKeys.report(apiPath, params),
    queryFn: async () => (await api.get<{ data: { report: ReportDto } }>(apiPath, params)).data.report,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export type ExportStyle = 'locale' | 'iso';
/** The file an export asks for: its format, and numbers and dates as on screen in `locale` or plain ISO. */
export interface ExportFile {
  format: ExportFormat;
  style: ExportStyle;
  locale: string;
}

/** The query of an export's file: the format, the style, the language (en or pl) and the columns shown. */
export const exportFileQuery = (file: ExportFile, columns: readonly MetricKey[]): Record<string, string> => ({
  format: file.format,
  style: file.style,
  locale: file.locale === 'pl' ? 'pl' : 'en',
  columns: columns.join(','),
});

/**
 * The export of exactly what is on screen: the report's period (the days it answered, so a
 * default period is the same days), campaign, grouping, comparison, sort and the columns shown,
 * in `format`, with numbers and dates in the interface language or plain ISO.
 */
export function reportExportPath(
  apiPath: string,
  search: ReportSearch,
  report: Pick<ReportDto, 'from' | 'to'>,
  file: ExportFile,
  columns: readonly ReportMetricKey[],
): string {
  const { page: _page, ...filters } = reportApiParams(search);
  const query = new URLSearchParams({
    ...filters,
    from: report.from,
    to: report.to,
    ...exportFileQuery(file, columns),
  });
  return `${apiPath}/export?${query}`;
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
