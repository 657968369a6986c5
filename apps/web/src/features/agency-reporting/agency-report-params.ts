import {
  type AgencyReportMetricKey,
  agencyReportDimensions,
  agencyReportSortFields,
  reportRangeIssue,
  reportTimeGroupings,
} from '@rtb/shared';
import { type ExportFile, exportFileQuery } from '../reports';

export type AgencyReportDimension = (typeof agencyReportDimensions)[number];
export type AgencyReportTime = (typeof reportTimeGroupings)[number];
export type AgencyReportSort = (typeof agencyReportSortFields)[number];

/**
 * The report as the address holds it (every filter, the sort and the page); absent values
 * take the API's defaults (the last 7 days of each advertiser, every advertiser, split by
 * advertiser, no time split, the largest spend first, page 1).
 */
export interface AgencyReportParams {
  from?: string;
  to?: string;
  advertiserId?: string;
  campaignId?: string;
  by: AgencyReportDimension;
  time: AgencyReportTime;
  sort?: AgencyReportSort;
  order?: 'asc' | 'desc';
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((known) => known === value);
const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
const id = (value: string | null) => (value && /^[1-9]\d*$/.test(value) ? value : undefined);

/** The report's parameters from the address; what is not one of the contract's values is left out. */
export function reportParamsOf(search: URLSearchParams): AgencyReportParams {
  const sort = oneOf(agencyReportSortFields, search.get('sort'));
  return {
    from: day(search.get('from')),
    to: day(search.get('to')),
    advertiserId: id(search.get('advertiserId')),
    campaignId: id(search.get('campaignId')),
    by: oneOf(agencyReportDimensions, search.get('by')) ?? 'advertiser',
    time: oneOf(reportTimeGroupings, search.get('time')) ?? 'none',
    sort,
    order: sort ? (search.get('order') === 'asc' ? 'asc' : 'desc') : undefined,
    page: Math.max(1, Number(id(search.get('page')) ?? 1)),
  };
}

/** What the address changes: a value sets a parameter, '' or undefined removes it. */
export type ParamChanges = Partial<Record<keyof AgencyReportParams, string | number | undefined>>;

/**
 * The next address: any change but the page's goes back to page 1; the defaults (split by
 * advertiser, no time split) stay out of it.
 */
export function nextSearch(current: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    const isDefault = (key === 'by' && value === 'advertiser') || (key === 'time' && value === 'none');
    if (value === undefined || value === '' || isDefault) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes) || changes.page === 1) next.delete('page');
  return next;
}

/** What the API would refuse about the period (asked for, or the report's), or null. */
export const periodIssue = (period: { from?: string; to?: string }, time: AgencyReportTime) =>
  period.from && period.to ? reportRangeIssue(period.from, period.to, time) : null;

/** The filters and sort as the API takes them (no defaults written out). */
function filterQuery(params: AgencyReportParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of ['from', 'to', 'advertiserId', 'campaignId', 'sort', 'order'] as const) {
    const value = params[key];
    if (value) query[key] = value;
  }
  if (params.by !== 'advertiser') query.by = params.by;
  if (params.time !== 'none') query.time = params.time;
  return query;
}

/** The query of `GET /api/agency/advertiser-campaign-stats` for the page shown. */
export function reportQueryOf(params: AgencyReportParams): Record<string, string | number> {
  return { ...filterQuery(params), ...(params.page > 1 ? { page: params.page } : {}) };
}

export const REPORT_PATH = '/agency/advertiser-campaign-stats';

/**
 * The export of exactly what is on screen: the same filters and sort (the period the report
 * answered when the address names none, so the file holds the days the table shows), every
 * row rather than the page, the columns shown in their order, the number style and the
 * interface language.
 */
export function exportPathOf(
  params: AgencyReportParams,
  shown: { from: string; to: string } | undefined,
  file: ExportFile,
  columns: readonly AgencyReportMetricKey[],
): string {
  const query = new URLSearchParams({
    ...filterQuery({ ...params, from: params.from ?? shown?.from, to: params.to ?? shown?.to }),
    ...exportFileQuery(file, columns),
  });
  return `${REPORT_PATH}/export?${query}`;
}

/** The drill-down into one advertiser's report (its own page), over the period shown. */
export const advertiserReportPath = (advertiserId: number, period: { from: string; to: string }) =>
  `/panel/agency/reporting/advertisers/${advertiserId}?${new URLSearchParams(period)}`;
