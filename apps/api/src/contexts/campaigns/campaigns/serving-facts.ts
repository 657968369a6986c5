import type { AdvertiserContext } from '@rtb/delivery';
import { advertiserContexts, countersOf } from '@rtb/delivery';
import { dayFraction, pacingState, servingStatus } from '@rtb/rtb';
import {
  type CampaignStatsDto,
  derivedDailyBudget,
  type PacingState,
  type ServingStatusDto,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { briefBanners } from '../banners/service';
import { bannerIdsOf, type CampaignListRow } from './repository';

/** What a campaign's row holds of what decides whether it serves. */
export type ServingCampaign = Pick<
  CampaignListRow,
  'id' | 'advertiserId' | 'status' | 'startDate' | 'endDate' | 'hoursOfWeek' | 'totalBudget' | 'dailyBudget'
>;

/** What the API adds to a campaign's row: its serving status, counters and money settings. */
export interface CampaignFacts {
  servingStatus: ServingStatusDto;
  stats: CampaignStatsDto;
  pacingToday: PacingState | null;
  bannerCount: number;
  approvedBannerCount: number;
  derivedDailyBudget: number | null;
  currency: string;
  timeZone: string;
}

/**
 * How many banners each campaign shows, and how many of them can serve (approved): the
 * campaigns' banner ids, then those banners' statuses through the banners module (two queries).
 */
async function bannerCountsOf(deps: AppDeps, campaignIds: number[]) {
  const bannerIds = await bannerIdsOf(deps.db, campaignIds);
  const statuses = new Map(
    (await briefBanners(deps, [...new Set([...bannerIds.values()].flat())])).map((b) => [b.id, b.status]),
  );
  return new Map(
    [...bannerIds].map(([campaignId, ids]) => {
      const shown = ids.flatMap((id) => statuses.get(id) ?? []);
      return [campaignId, { total: shown.length, approved: shown.filter((s) => s === 'approved').length }];
    }),
  );
}

/**
 * The facts of these campaigns, the list's and a single campaign's alike: their advertisers
 * (once each, unless the caller has their `contexts` of the same `now`), their banner counts
 * (two queries) and their counters (one), then `servingStatus` of packages/rtb, the rule the
 * bidder follows too.
 */
export async function campaignFactsOf(
  deps: AppDeps,
  rows: ServingCampaign[],
  now = new Date(),
  known?: Map<number, AdvertiserContext>,
): Promise<Map<number, CampaignFacts>> {
  const contexts =
    known ?? (await advertiserContexts(deps, [...new Set(rows.map((row) => row.advertiserId))], now));
  const contextOf = (row: ServingCampaign) => {
    const context = contexts.get(row.advertiserId);
    if (!context) throw new Error(`no advertiser ${row.advertiserId} for campaign ${row.id}`);
    return context;
  };
  const ids = rows.map((row) => row.id);
  const bannerCounts = await bannerCountsOf(deps, ids);
  const counters = await countersOf(
    deps.db,
    rows.map((row) => ({ campaignId: row.id, today: contextOf(row).today })),
  );
  return new Map(
    rows.map((row) => {
      const advertiser = contextOf(row);
      const count = bannerCounts.get(row.id) ?? { total: 0, approved: 0 };
      const counter = counters.get(row.id) ?? {
        impressions: 0,
        clicks: 0,
        spendTotalMicros: 0,
        spendTodayMicros: 0,
        spendTomorrowMicros: 0,
      };
      const derived = derivedDailyBudget({
        totalBudget: row.totalBudget,
        dailyBudget: row.dailyBudget,
        startDate: row.startDate,
        endDate: row.endDate,
        today: advertiser.today,
        spentMinor: Math.floor(counter.spendTotalMicros / 10 ** (6 - advertiser.currencyMinorUnits)),
      });
      const facts: CampaignFacts = {
        servingStatus: servingStatus({
          campaign: {
            status: row.status,
            startDate: row.startDate,
            endDate: row.endDate,
            hoursOfWeek: row.hoursOfWeek,
            totalBudget: row.totalBudget,
            dailyBudget: row.dailyBudget,
            approvedBannerCount: count.approved,
          },
          advertiser: advertiser.serving,
          spend: { todayMicros: counter.spendTodayMicros, totalMicros: counter.spendTotalMicros },
          now,
        }),
        stats: {
          spendTodayMicros: counter.spendTodayMicros,
          spendTotalMicros: counter.spendTotalMicros,
          impressions: counter.impressions,
          clicks: counter.clicks,
          ctr: counter.impressions > 0 ? counter.clicks / counter.impressions : null,
        },
        // Only a campaign meant to deliver today has a pace: a paused or finished one is not behind.
        pacingToday:
          row.status === 'active'
            ? pacingState({
                spentTodayMicros: counter.spendTodayMicros,
                dailyBudgetMinor: row.dailyBudget ?? derived,
                currencyMinorUnits: advertiser.currencyMinorUnits,
                dayFraction: dayFraction(now, advertiser.timeZone),
              })
            : null,
        bannerCount: count.total,
        approvedBannerCount: count.approved,
        derivedDailyBudget: derived,
        currency: advertiser.currency,
        timeZone: advertiser.timeZone,
      };
      return [row.id, facts];
    }),
  );
}

/** One advertiser's context, or 404 when it does not exist. */
export async function advertiserContextOf(deps: AppDeps, id: number, now: Date): Promise<AdvertiserContext> {
  const context = (await advertiserContexts(deps, [id], now)).get(id);
  if (!context) throw notFound();
  return context;
}
