import {
  type AgencyReportDto,
  type AgencyReportQuery,
  type AgencyReportRowDto,
  pageMetaOf,
  shiftDay,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { campaignNames } from '../../campaigns';
import { advertiserIdsOfAgency } from '../../organisations';
import { metricsOf, noDelivery, sumOf } from './metrics';
import { namedGroups } from './named-groups';
import { type ReportAdvertiser, reportAdvertisers } from './report-advertisers';
import type { AskedOrder } from './report-order';
import { periodOf } from './report-scope';
import { chartTime } from './report-series';
import { type GroupSums, groupedSums, periodBuckets, type ReportScope, totalsByCurrency } from './repository';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

/** What every agency report works from: its advertisers (checked), its scope and grouping. */
export interface AgencyReportPlan {
  scope: ReportScope;
  advertisers: Map<number, ReportAdvertiser>;
  grouping: { time: AgencyReportQuery['time']; key: 'advertiser' | 'campaign' };
}

/**
 * The plan of the agency's report: its advertisers (or the one asked for; another agency's is
 * not found), each over its own days; the campaign asked for must be one of theirs (404).
 * The default period ends on the latest of the advertisers' todays.
 */
export async function planAgencyReport(
  deps: AppDeps,
  agencyId: number,
  query: Pick<AgencyReportQuery, 'from' | 'to' | 'time' | 'by' | 'advertiserId' | 'campaignId'>,
  now: Date,
): Promise<AgencyReportPlan> {
  const own = await advertiserIdsOfAgency(deps, agencyId);
  if (query.advertiserId !== undefined && !own.includes(query.advertiserId)) throw notFound();
  const ids = query.advertiserId === undefined ? own : [query.advertiserId];
  if (query.campaignId !== undefined) {
    const [campaign] = await campaignNames(deps, ids, [query.campaignId]);
    if (!campaign) throw notFound();
  }
  const advertisers = await reportAdvertisers(deps, ids, now);
  const today = [...advertisers.values()].reduce(
    (latest, a) => (a.today > latest ? a.today : latest),
    now.toISOString().slice(0, 10),
  );
  const { from, to } = periodOf(query, today);
  return {
    advertisers,
    scope: {
      advertisers: [...advertisers.values()],
      from,
      to,
      ...(query.campaignId === undefined ? {} : { campaignId: query.campaignId }),
    },
    grouping: { time: query.time, key: query.by },
  };
}

const minorUnitsOf = (plan: AgencyReportPlan, currency: string) =>
  [...plan.advertisers.values()].find((a) => a.currency === currency)?.currencyMinorUnits ?? 2;

/** The plan's rows in the order asked (a page, or all), named, each in its advertiser's currency. */
export async function agencyReportRows(
  deps: AppDeps,
  plan: AgencyReportPlan,
  asked: AskedOrder,
  page?: { limit: number; offset: number },
): Promise<{ rows: AgencyReportRowDto[]; total: number }> {
  const { scope, grouping } = plan;
  if (!scope.advertisers.length) return { rows: [], total: 0 };
  const ids = [...plan.advertisers.keys()];
  const { rows, total, names } = await namedGroups(deps, ids, scope, grouping, asked, page);
  return {
    total,
    rows: rows.map((row) => {
      const named = names.get(row.key ?? '');
      if (!named) throw new Error(`report key ${row.key} is none of agency's advertisers' ${grouping.key}s`);
      const advertiser = plan.advertisers.get(named.advertiserId);
      const { period, key: _key, currency, commissionMicros, ...sums } = row;
      return {
        period,
        advertiserId: named.advertiserId,
        advertiserName: advertiser?.name ?? '',
        currency,
        campaignId: grouping.key === 'campaign' ? Number(row.key) : null,
        campaignName: grouping.key === 'campaign' ? named.name : null,
        campaignStatus: grouping.key === 'campaign' ? named.campaignStatus : null,
        ...metricsOf(sums, advertiser?.currencyMinorUnits ?? 2),
        commissionMicros,
      };
    }),
  };
}

type AgencyTotal = AgencyReportDto['totals'][number];

/** A currency's sums as the report's totals show them. */
const totalOf = (
  plan: AgencyReportPlan,
  { period: _p, key: _k, currency, commissionMicros, ...sums }: GroupSums,
): AgencyTotal => ({
  currency,
  ...metricsOf(sums, minorUnitsOf(plan, currency)),
  commissionMicros,
});

/** The plan's totals, one per currency (money is never summed across currencies). */
export async function agencyReportTotals(
  deps: AppDeps,
  plan: AgencyReportPlan,
  scope: ReportScope = plan.scope,
): Promise<AgencyTotal[]> {
  if (!scope.advertisers.length) return [];
  return (await totalsByCurrency(deps.db, scope)).map((row) => totalOf(plan, row));
}

/**
 * A period's sums per chart bucket and currency (its days' buckets on the advertisers' clocks),
 * and every bucket of its days (the union of their time zones' buckets: an hour that one of them
 * lacks is still drawn).
 */
async function bucketsOf(deps: AppDeps, plan: AgencyReportPlan, scope: ReportScope) {
  const time = chartTime(plan.grouping.time);
  const zones = [...new Set(scope.advertisers.map((a) => a.timeZone))];
  const [periods, { rows }] = await Promise.all([
    periodBuckets(deps.db, zones, scope.from, scope.to, time),
    scope.advertisers.length
      ? groupedSums(deps.db, scope, { time, key: null }, { by: 'period', direction: 'asc' })
      : { rows: [] as GroupSums[] },
  ]);
  return { periods, sums: rows };
}

/** A period's totals per currency: its buckets' sums added up (the same rows, so the same sums). */
function totalsOf(plan: AgencyReportPlan, sums: GroupSums[]): AgencyTotal[] {
  const byCurrency = new Map<string, GroupSums[]>();
  for (const row of sums) byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row]);
  return [...byCurrency]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, rows]) =>
      totalOf(plan, {
        ...sumOf(rows),
        period: null,
        key: null,
        currency,
        commissionMicros: rows.reduce((total, row) => total + row.commissionMicros, 0),
      }),
    );
}

type ChartPoint = AgencyReportDto['charts'][number]['chart'][number];

/**
 * A period's chart per currency: every bucket of its days, zeros where nothing happened; a
 * currency's advertisers' sums per bucket, never across currencies.
 */
function chartsOf(
  plan: AgencyReportPlan,
  { periods, sums }: { periods: string[]; sums: GroupSums[] },
  currencies: readonly string[],
): Map<string, ChartPoint[]> {
  const byBucket = new Map(sums.map((row) => [`${row.currency}|${row.period}`, row]));
  return new Map(
    currencies.map((currency) => [
      currency,
      periods.map((period) => ({
        period,
        ...metricsOf(byBucket.get(`${currency}|${period}`) ?? noDelivery, minorUnitsOf(plan, currency)),
      })),
    ]),
  );
}

/**
 * The agency's report (`advertiserCampaignStats`): its advertisers or their campaigns with the
 * advertisers' figures and the commission the agency earned, each advertiser in its own days
 * and currency, totals and a chart per currency; optionally (`compare=previous`) the as-many
 * days before, their totals and charts.
 */
export async function getAgencyReport(
  deps: AppDeps,
  agencyId: number,
  query: AgencyReportQuery,
  now = new Date(),
): Promise<AgencyReportDto> {
  const plan = await planAgencyReport(deps, agencyId, query, now);
  const { scope } = plan;
  const days = daysBetween(scope.from, scope.to);
  const previousScope: ReportScope | null =
    query.compare === 'previous'
      ? { ...scope, from: shiftDay(scope.from, -days), to: shiftDay(scope.from, -1) }
      : null;
  const [page, buckets, previousBuckets] = await Promise.all([
    agencyReportRows(deps, plan, query, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
    bucketsOf(deps, plan, scope),
    previousScope ? bucketsOf(deps, plan, previousScope) : null,
  ]);
  const totals = totalsOf(plan, buckets.sums);
  const previousTotals = previousBuckets ? totalsOf(plan, previousBuckets.sums) : null;
  // A chart for each currency of the period's totals (and of the previous period's, so that a
  // currency spent only before still shows what it was).
  const currencies = [
    ...new Set([...totals, ...(previousTotals ?? [])].map((total) => total.currency)),
  ].sort();
  const charts = chartsOf(plan, buckets, currencies);
  const previousCharts = previousBuckets ? chartsOf(plan, previousBuckets, currencies) : null;
  return {
    from: scope.from,
    to: scope.to,
    time: query.time,
    by: query.by,
    totals,
    charts: currencies.map((currency) => ({
      currency,
      chart: charts.get(currency) ?? [],
      previous: previousCharts?.get(currency) ?? null,
    })),
    previous:
      previousScope && previousTotals
        ? { from: previousScope.from, to: previousScope.to, totals: previousTotals }
        : null,
    rows: { elements: page.rows, meta: pageMetaOf(query.page, query.perPage, page.total) },
    delivered: page.total > 0,
  };
}
