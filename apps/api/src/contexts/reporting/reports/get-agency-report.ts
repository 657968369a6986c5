import {
  type AgencyReportDto,
  type AgencyReportQuery,
  type AgencyReportRowDto,
  pageMetaOf,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { campaignNames } from '../../campaigns';
import { advertiserIdsOfAgency } from '../../organisations';
import { metricsOf } from './metrics';
import { namedGroups } from './named-groups';
import { type ReportAdvertiser, reportAdvertisers } from './report-advertisers';
import type { AskedOrder } from './report-order';
import { periodOf } from './report-scope';
import { type ReportScope, totalsByCurrency } from './repository';

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

/** The plan's totals, one per currency (money is never summed across currencies). */
export async function agencyReportTotals(
  deps: AppDeps,
  plan: AgencyReportPlan,
): Promise<AgencyReportDto['totals']> {
  if (!plan.scope.advertisers.length) return [];
  return (await totalsByCurrency(deps.db, plan.scope)).map(
    ({ period: _p, key: _k, currency, commissionMicros, ...sums }) => ({
      currency,
      ...metricsOf(sums, minorUnitsOf(plan, currency)),
      commissionMicros,
    }),
  );
}

/**
 * The agency's report (`advertiserCampaignStats`): its advertisers or their campaigns with the
 * advertisers' figures and the commission the agency earned, each advertiser in its own days
 * and currency, totals per currency.
 */
export async function getAgencyReport(
  deps: AppDeps,
  agencyId: number,
  query: AgencyReportQuery,
  now = new Date(),
): Promise<AgencyReportDto> {
  const plan = await planAgencyReport(deps, agencyId, query, now);
  const [totals, page] = await Promise.all([
    agencyReportTotals(deps, plan),
    agencyReportRows(deps, plan, query, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
  ]);
  return {
    from: plan.scope.from,
    to: plan.scope.to,
    time: query.time,
    by: query.by,
    totals,
    rows: { elements: page.rows, meta: pageMetaOf(query.page, query.perPage, page.total) },
    delivered: page.total > 0,
  };
}
