import {
  pageMetaOf,
  type ReportDimension,
  type ReportDto,
  type ReportMetrics,
  type ReportPointDto,
  type ReportQuery,
  type ReportRowDto,
  shiftDay,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { metricsOf, noDelivery, productMetricsOf } from './metrics';
import { namedGroups } from './named-groups';
import type { AskedOrder } from './report-order';
import { advertiserScope } from './report-scope';
import { chartTime, reportSeries } from './report-series';
import {
  type GroupSums,
  groupedSums,
  periodBuckets,
  type ReportKey,
  type ReportScope,
  type ScopeAdvertiser,
  totalsByCurrency,
} from './repository';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

/** The rollup key a dimension splits by. */
export const keyOfDimension = (by: ReportDimension): ReportKey | null => (by === 'none' ? null : by);

/** What every report of one advertiser works from: its scope, grouping and order. */
export interface AdvertiserReportPlan {
  advertiser: ScopeAdvertiser;
  scope: ReportScope;
  grouping: { time: ReportQuery['time']; key: ReportKey | null };
}

/** The plan of one advertiser's report: its scope (checked), the grouping asked. */
export async function planReport(
  deps: AppDeps,
  advertiserId: number,
  query: Pick<ReportQuery, 'from' | 'to' | 'time' | 'by' | 'campaignId'>,
  now: Date,
): Promise<AdvertiserReportPlan> {
  const { scope, advertiser } = await advertiserScope(deps, advertiserId, query, now);
  return { advertiser, scope, grouping: { time: query.time, key: keyOfDimension(query.by) } };
}

/**
 * The plan's rows in the order asked (a page of them, or all), each with its figures and the
 * name and status of its campaign or creative (a product's title); and how many there are in
 * all. A product's figures leave out what is not split by product (`productMetricsOf`).
 */
export async function reportRows(
  deps: AppDeps,
  plan: AdvertiserReportPlan,
  asked: AskedOrder,
  page?: { limit: number; offset: number },
): Promise<{ rows: ReportRowDto[]; total: number }> {
  const { advertiser, scope, grouping } = plan;
  const { rows, total, names } = await namedGroups(deps, [advertiser.id], scope, grouping, asked, page);
  return {
    total,
    rows: rows.map((row) => ({
      period: row.period,
      key: row.key,
      name: (row.key !== null && names.get(row.key)?.name) || null,
      campaignStatus: (row.key !== null && names.get(row.key)?.campaignStatus) || null,
      ...(grouping.key === 'product'
        ? productMetricsOf(row, advertiser.currencyMinorUnits)
        : metricsOf(row, advertiser.currencyMinorUnits)),
    })),
  };
}

/** A period's totals of the plan's advertiser (zeros when nothing happened). */
export async function reportTotals(
  deps: AppDeps,
  plan: AdvertiserReportPlan,
  scope: ReportScope,
): Promise<ReportMetrics> {
  const [totals] = await totalsByCurrency(deps.db, scope);
  return metricsOf(totals ?? noDelivery, plan.advertiser.currencyMinorUnits);
}

/** A period's chart: every bucket of its days (days when the report is not split by time), zeros where nothing happened. */
async function chartOf(
  deps: AppDeps,
  plan: AdvertiserReportPlan,
  scope: ReportScope,
): Promise<ReportPointDto[]> {
  const time = chartTime(plan.grouping.time);
  const [buckets, { rows }] = await Promise.all([
    periodBuckets(deps.db, [plan.advertiser.timeZone], scope.from, scope.to, time),
    groupedSums(deps.db, scope, { time, key: null }, { by: 'period', direction: 'asc' }),
  ]);
  const sums = new Map<string | null, GroupSums>(rows.map((row) => [row.period, row]));
  return buckets.map((period) => ({
    period,
    ...metricsOf(sums.get(period) ?? noDelivery, plan.advertiser.currencyMinorUnits),
  }));
}

/**
 * The advertiser's report: totals, the chart, a page of rows split by time and a dimension and
 * sorted as asked, counted in the days of its time zone (the last 7 up to today unless asked
 * otherwise); optionally the previous period of as many days, its totals and chart, and the
 * chart's lines per group (`series`). Another advertiser's campaign is not found (404).
 */
export async function getReport(
  deps: AppDeps,
  advertiserId: number,
  query: ReportQuery,
  now = new Date(),
): Promise<ReportDto> {
  const plan = await planReport(deps, advertiserId, query, now);
  const { scope } = plan;
  const days = daysBetween(scope.from, scope.to);
  const previousScope: ReportScope | null =
    query.compare === 'previous'
      ? { ...scope, from: shiftDay(scope.from, -days), to: shiftDay(scope.from, -1) }
      : null;
  const [totals, chart, page, previous, series] = await Promise.all([
    reportTotals(deps, plan, scope),
    chartOf(deps, plan, scope),
    reportRows(deps, plan, query, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
    previousScope
      ? Promise.all([reportTotals(deps, plan, previousScope), chartOf(deps, plan, previousScope)])
      : null,
    query.series ? reportSeries(deps, plan.advertiser, scope, plan.grouping, query.series) : null,
  ]);
  return {
    currency: plan.advertiser.currency,
    timeZone: plan.advertiser.timeZone,
    from: scope.from,
    to: scope.to,
    time: query.time,
    by: query.by,
    totals,
    chart,
    previous:
      previousScope && previous
        ? { from: previousScope.from, to: previousScope.to, totals: previous[0], chart: previous[1] }
        : null,
    series,
    rows: { elements: page.rows, meta: pageMetaOf(query.page, query.perPage, page.total) },
    delivered: page.total > 0,
  };
}
