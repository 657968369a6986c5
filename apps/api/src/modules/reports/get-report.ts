import {
  daysOfRange,
  REPORT_DEFAULT_DAYS,
  type ReportDto,
  type ReportQuery,
  reportRangeIssue,
  shiftDay,
} from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { invalidField, notFound } from '../../core/errors';
import { advertiserContexts, campaignNames } from '../campaigns/service';
import { metricsOf, noDelivery, sumOf } from './metrics';
import { metricsByCampaign, metricsByDay, type ReportScope } from './repository';

/**
 * The advertiser's report: totals, every day of the period and each campaign with delivery,
 * counted in the days of its time zone (the last 7 up to today unless asked otherwise). Another
 * advertiser's campaign is not found (404).
 */
export async function getReport(
  deps: AppDeps,
  advertiserId: number,
  query: ReportQuery,
  now = new Date(),
): Promise<ReportDto> {
  const advertiser = (await advertiserContexts(deps, [advertiserId], now)).get(advertiserId);
  if (!advertiser) throw notFound();
  const to = query.to ?? advertiser.today;
  const from = query.from ?? shiftDay(to, 1 - REPORT_DEFAULT_DAYS);
  const issue = reportRangeIssue(from, to);
  if (issue) throw invalidField(issue.path, issue.message);
  if (query.campaignId !== undefined) {
    const [campaign] = await campaignNames(deps, advertiserId, [query.campaignId]);
    if (!campaign) throw notFound();
  }

  const scope: ReportScope = {
    advertiserId,
    timeZone: advertiser.timeZone,
    from,
    to,
    ...(query.campaignId === undefined ? {} : { campaignId: query.campaignId }),
  };
  const [byDay, byCampaign] = await Promise.all([
    metricsByDay(deps.db, scope),
    metricsByCampaign(deps.db, scope),
  ]);
  const campaigns = new Map(
    (
      await campaignNames(
        deps,
        advertiserId,
        byCampaign.map((row) => row.campaignId),
      )
    ).map((c) => [c.id, c]),
  );
  const metrics = (sums: Parameters<typeof metricsOf>[0]) => metricsOf(sums, advertiser.currencyMinorUnits);
  const dayRows = new Map(byDay.map(({ day, ...sums }) => [day, sums]));

  return {
    currency: advertiser.currency,
    timeZone: advertiser.timeZone,
    from,
    to,
    totals: metrics(sumOf([...dayRows.values()])),
    days: daysOfRange(from, to).map((day) => ({ day, ...metrics(dayRows.get(day) ?? noDelivery) })),
    campaigns: byCampaign.map(({ campaignId, ...sums }) => {
      const campaign = campaigns.get(campaignId);
      // Rollup rows name their advertiser's own campaigns; campaigns are archived, never deleted.
      if (!campaign)
        throw new Error(`campaign ${campaignId} of the report is not advertiser ${advertiserId}'s`);
      return { campaignId, name: campaign.name, status: campaign.status, ...metrics(sums) };
    }),
  };
}
