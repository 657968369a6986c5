import {
  type AgencyReportMetricKey,
  agencyReportDimensions,
  agencyReportSortFields,
  type ReportMetricKey,
  reportMetricKeys,
  reportRangeIssue,
  reportTimeGroupings,
} from '@rtb/shared';
import { type ChartType, chartTypes, type ExportFile, exportFileQuery } from '../reports';

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
  /** Beside the as-many days just before (`compare=previous`). */
  compare: boolean;
}

/** How the chart draws the report (the address's, as the advertiser's report keeps them): its figures, type and currency. */
export interface AgencyChartParams {
  metric: ReportMetricKey;
  metric2?: ReportMetricKey;
  chart: ChartType;
  /** The currency whose chart is shown, when the advertisers have several; absent: the first. */
  currency?: string;
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
    compare: search.get('compare') === 'previous',
  };
}

/** The chart's figures, type and currency from the address; the spend as lines by default. */
export function chartParamsOf(search: URLSearchParams): AgencyChartParams {
  const currency = search.get('currency');
  return {
    metric: oneOf(reportMetricKeys, search.get('metric')) ?? 'spendMicros',
    metric2: oneOf(reportMetricKeys, search.get('metric2')),
    chart: oneOf(chartTypes, search.get('chart')) ?? 'line',
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
  };
}

/** What the address changes: a value sets a parameter, '' or undefined removes it. */
export type ParamChanges = Partial<
  Record<keyof AgencyReportParams | keyof AgencyChartParams, string | number | boolean | undefined>
>;

/** What leaves the table's rows as they are: the comparison and the chart's own choices. */
const keepsRows = new Set(['compare', 'metric', 'metric2', 'chart', 'currency']);
const defaults: Record<string, unknown> = {
  by: 'advertiser',
  time: 'none',
  compare: false,
  metric: 'spendMicros',
  chart: 'line',
};

/**
 * The next address: a change of what the rows are goes back to page 1 (the comparison and the
 * chart's choices do not); the defaults (split by advertiser, no time split, no comparison, the
 * spend as lines) stay out of it.
 */
export function nextSearch(current: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
    else next.set(key, key === 'compare' ? 'previous' : String(value));
  }
  const rowsKept = Object.keys(changes).every((key) => keepsRows.has(key));
  if ((!('page' in changes) && !rowsKept) || changes.page === 1) next.delete('page');
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

/** The query of `GET /api/agency/advertiser-campaign-stats` for the page shown (and its comparison). */
export function reportQueryOf(params: AgencyReportParams): Record<string, string | number> {
  return {
    ...filterQuery(params),
    ...(params.page > 1 ? { page: params.page } : {}),
    ...(params.compare ? { compare: 'previous' } : {}),
  };
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
