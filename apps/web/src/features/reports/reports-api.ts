import type { ExportFormat, ReportDto, ReportMetricKey } from '@rtb/shared';
import { contract, pathOf, type QueryOf } from '@rtb/shared/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { MetricKey } from './report-metrics';
import type { ReportSearch } from './report-params';
import { reportApiParams } from './report-params';

/**
 * Where a report is read: the advertiser's own, or one of the agency's advertisers' (the same query
 * and answer). `apiPath` is its path, under which its exports are (`apiPath/export`).
 */
export interface ReportSource {
  apiPath: string;
  read: (query: QueryOf<typeof contract.reports.own>) => Promise<ReportDto>;
}

export const advertiserReports: ReportSource = {
  apiPath: pathOf(contract.reports.own),
  read: async (query) => (await api.call(contract.reports.own, { query })).data.report,
};

export const agencyAdvertiserReports = (id: number): ReportSource => ({
  apiPath: pathOf(contract.reports.ofAdvertiser, { id }),
  read: async (query) => (await api.call(contract.reports.ofAdvertiser, { path: { id }, query })).data.report,
});

export const reportsKeys = {
  report: (apiPath: string, params: Record<string, string>) => ['reports', apiPath, params] as const,
};

/** The report of `source`; not asked while the period is one the API would refuse. */
export function useReport(source: ReportSource, params: Record<string, string>, enabled: boolean) {
  return useQuery({
    queryKey: reportsKeys.report(source.apiPath, params),
    queryFn: () => source.read(params),
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
 * default period is the same days), campaign, grouping, comparison, sort and the columns shown
 * (the table's rows, not the chart's lines), in `format`, with numbers and dates in the
 * interface language or plain ISO.
 */
export function reportExportPath(
  apiPath: string,
  search: ReportSearch,
  report: Pick<ReportDto, 'from' | 'to'>,
  file: ExportFile,
  columns: readonly ReportMetricKey[],
): string {
  const { page: _page, series: _series, ...filters } = reportApiParams(search);
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
      (await api.call(contract.campaigns.list, { query: { perPage: 100, sort: 'name' } })).data.campaigns
        .elements,
    enabled,
  });
}
