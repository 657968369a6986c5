import {
  isSeriesDimension,
  type ReportDimension,
  type ReportMetricKey,
  type ReportSortField,
  type ReportTimeGrouping,
  reportDimensions,
  reportMetricKeys,
  reportSortFields,
  reportTimeGroupings,
} from '@rtb/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export const chartTypes = ['line', 'bar'] as const;
export type ChartType = (typeof chartTypes)[number];
/** What the chart's lines are when the report is split by a dimension: one per group, or the total. */
export const chartLines = ['groups', 'total'] as const;
export type ChartLines = (typeof chartLines)[number];

/**
 * Everything a report shows, read from the address so a report can be bookmarked and shared:
 * what the API is asked (period, campaign, grouping, comparison, sort, page) and how the chart
 * draws it (its metrics, type and lines; the page's own).
 */
export interface ReportSearch {
  from?: string;
  to?: string;
  campaignId?: string;
  time: ReportTimeGrouping;
  by: ReportDimension;
  compare: boolean;
  sort?: ReportSortField;
  order?: 'asc' | 'desc';
  page: number;
  metric: ReportMetricKey;
  metric2?: ReportMetricKey;
  chart: ChartType;
  lines: ChartLines;
}

/** A change of the address: a value, or undefined to drop it (back to its default). */
export type ReportSearchChange = { [K in keyof ReportSearch]?: ReportSearch[K] | undefined };

const defaults = {
  time: 'day',
  by: 'none',
  compare: false,
  page: 1,
  metric: 'spendMicros',
  chart: 'line',
  lines: 'groups',
} as const satisfies Partial<ReportSearch>;

const day = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The report's address as a ReportSearch; anything unknown falls back to its default. */
export function parseReportSearch(search: URLSearchParams): ReportSearch {
  const text = (key: string, pattern: RegExp) => {
    const value = search.get(key);
    return value && pattern.test(value) ? value : undefined;
  };
  return {
    from: text('from', day),
    to: text('to', day),
    campaignId: text('campaignId', /^[1-9]\d*$/),
    time: oneOf(reportTimeGroupings, search.get('time')) ?? defaults.time,
    by: oneOf(reportDimensions, search.get('by')) ?? defaults.by,
    compare: search.get('compare') === 'previous',
    sort: oneOf(reportSortFields, search.get('sort')),
    order: oneOf(['asc', 'desc'] as const, search.get('order')),
    page: Math.max(1, Number(search.get('page')) || 1),
    metric: oneOf(reportMetricKeys, search.get('metric')) ?? defaults.metric,
    metric2: oneOf(reportMetricKeys, search.get('metric2')),
    chart: oneOf(chartTypes, search.get('chart')) ?? defaults.chart,
    lines: oneOf(chartLines, search.get('lines')) ?? defaults.lines,
  };
}

/** Whether the table can sort by `sort` with this grouping (the period needs time, a name a dimension). */
const sortApplies = (sort: ReportSortField | undefined, time: ReportTimeGrouping, by: ReportDimension) =>
  !((sort === 'period' && time === 'none') || (sort === 'name' && by === 'none'));

/**
 * Whether the chart draws a line per group: split by a dimension whose groups add up, neither
 * the total asked for nor a second metric (two figures are drawn as totals, one per axis).
 */
export const chartByGroup = (search: Pick<ReportSearch, 'by' | 'lines' | 'metric2'>) =>
  isSeriesDimension(search.by) && search.lines === 'groups' && !search.metric2;

/**
 * What the API is asked: the address's filters, grouping, comparison, sort and page; and the
 * chart's figure when it draws a line per group (the API picks the top groups by it).
 */
export function reportApiParams(search: ReportSearch): Record<string, string> {
  const params: Record<string, string> = { time: search.time, by: search.by };
  if (search.from) params.from = search.from;
  if (search.to) params.to = search.to;
  if (search.campaignId) params.campaignId = search.campaignId;
  if (search.compare) params.compare = 'previous';
  if (search.sort) {
    params.sort = search.sort;
    params.order = search.order ?? 'asc';
  }
  if (search.page > 1) params.page = String(search.page);
  if (chartByGroup(search)) params.series = search.metric;
  return params;
}

/**
 * The sort the table shows: the one asked for, else the API's (time order when split by time,
 * else the largest spend first; by product, whose spend is not split, the most shown first).
 */
export function effectiveSort(search: ReportSearch): { sort: ReportSortField; order: 'asc' | 'desc' } {
  if (search.sort) return { sort: search.sort, order: search.order ?? 'asc' };
  if (search.time !== 'none') return { sort: 'period', order: 'asc' };
  return { sort: search.by === 'product' ? 'impressions' : 'spendMicros', order: 'desc' };
}

/**
 * The address's query and a way to replace it: `change` gets the query as the last change left
 * it. The router applies a change in a transition, so until that renders the query it hands out
 * is the one before, and it may render one change while a later one is still on its way; the
 * addresses asked for and not yet rendered are kept, and a rendered one of them is a step on the
 * way, not news. Any other address (a link, going back) is where the next change starts.
 * Both report pages write their address through it.
 */
export const useSearchChange = () => useSearchChangeOf(useSearchParams());

/** `useSearchChange` over a query and its setter (the router's, or a test's). */
export function useSearchChangeOf([searchParams, setSearchParams]: [
  URLSearchParams,
  (next: URLSearchParams, options: { replace: boolean }) => void,
]) {
  const latest = useRef(searchParams);
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const step = pending.current.indexOf(searchParams.toString());
    pending.current = step < 0 ? [] : pending.current.slice(step + 1);
    if (pending.current.length === 0) latest.current = searchParams;
  }, [searchParams]);
  const change = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams) => {
      latest.current = next(new URLSearchParams(latest.current));
      pending.current.push(latest.current.toString());
      setSearchParams(latest.current, { replace: true });
    },
    [setSearchParams],
  );
  return [searchParams, change] as const;
}

/**
 * The report's address and its changes. A change other than the page goes back to the first
 * page; a grouping that no longer has the sorted column drops the sort; defaults are left out.
 */
export function useReportSearch() {
  const [searchParams, setSearch] = useSearchChange();
  const search = useMemo(() => parseReportSearch(searchParams), [searchParams]);

  const change = useCallback(
    (changes: ReportSearchChange) =>
      setSearch((current) => {
        const merged = { ...parseReportSearch(current), ...changes };
        const next = new URLSearchParams(current);
        const put = (key: string, value: string | undefined) => {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        };
        for (const [key, value] of Object.entries(changes)) {
          const fallback = (defaults as Record<string, unknown>)[key];
          put(
            key,
            value === undefined || value === fallback
              ? undefined
              : key === 'compare'
                ? 'previous'
                : String(value),
          );
        }
        if (!('page' in changes)) next.delete('page');
        if (!sortApplies(merged.sort, merged.time, merged.by)) {
          next.delete('sort');
          next.delete('order');
        }
        return next;
      }),
    [setSearch],
  );

  return { search, change };
}

/**
 * The sort after a click on `field`'s header: the column sorted already turns its order round;
 * another starts with periods and names in their order, figures the largest first.
 */
export function nextSort<S extends string>(
  field: S,
  current: { sort: S; order: 'asc' | 'desc' },
): { sort: S; order: 'asc' | 'desc' } {
  if (field === current.sort) return { sort: field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: field, order: field === 'period' || field === 'name' ? 'asc' : 'desc' };
}
