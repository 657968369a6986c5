import {
  advertisers,
  banners,
  campaignBanners,
  campaignDailyStats,
  campaigns,
  currencies,
  type Database,
  selectRows,
} from '@rtb/db';
import type { BannerType, DynamicTemplate } from '@rtb/shared';
import { type AnyColumn, and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';

export interface CampaignCounters {
  impressions: number;
  clicks: number;
  spendTotalMicros: number;
  spendTodayMicros: number;
  /** Spend already counted for the day after `today` (a bidder whose clock runs ahead). */
  spendTomorrowMicros: number;
}

/**
 * A campaign's counter summed over every day, 0 without any: a column function on its key (the
 * campaigns list sorts by spend and impressions with it).
 */
export const campaignTotalOf = (counter: 'impressions' | 'spendMicros', campaignId: AnyColumn) =>
  sql<number>`(select coalesce(sum(${campaignDailyStats[counter]}), 0) from ${campaignDailyStats} where ${campaignDailyStats.campaignId} = ${campaignId})`;

/**
 * Each campaign's counters in one query: the sums of its life and of its `today` (the
 * advertiser's current day, which differs between time zones).
 */
export async function countersOf(
  db: Database,
  days: { campaignId: number; today: string }[],
): Promise<Map<number, CampaignCounters>> {
  if (!days.length) return new Map();
  // Two array parameters, not two per campaign: a bidder asks for every active campaign at once.
  const ids = `{${days.map((d) => d.campaignId).join(',')}}`;
  const todays = `{${days.map((d) => d.today).join(',')}}`;
  const rows = await selectRows<Record<keyof CampaignCounters | 'campaignId', string | number>>(
    db,
    sql`
    select s.campaign_id as "campaignId",
           sum(s.impressions)::bigint as impressions,
           sum(s.clicks)::bigint as clicks,
           sum(s.spend_micros)::bigint as "spendTotalMicros",
           coalesce(sum(s.spend_micros) filter (where s.day = t.today), 0)::bigint as "spendTodayMicros",
           coalesce(sum(s.spend_micros) filter (where s.day = t.today + 1), 0)::bigint as "spendTomorrowMicros"
    from ${campaignDailyStats} s
    join unnest(${ids}::bigint[], ${todays}::date[]) as t(campaign_id, today) on t.campaign_id = s.campaign_id
    group by s.campaign_id`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.campaignId),
      {
        impressions: Number(row.impressions),
        clicks: Number(row.clicks),
        spendTotalMicros: Number(row.spendTotalMicros),
        spendTodayMicros: Number(row.spendTodayMicros),
        spendTomorrowMicros: Number(row.spendTomorrowMicros),
      },
    ]),
  );
}

/** An approved banner as the bidder serves it (a dynamic one with its template). */
export interface ActiveBanner {
  id: number;
  type: BannerType;
  width: number;
  height: number;
  assetKey: string;
  assetEntry: string;
  landingUrl: string;
  template: DynamicTemplate | null;
}

/**
 * Every active campaign with its approved banners and its advertiser's id, time zone and
 * currency, in one query: what the bidder loads into memory (DESIGN.md section 6). It reads the
 * banners, advertisers and currencies tables itself, so that loading takes one round trip.
 * With `advertiserIds`, only theirs (a bidder reloading the advertisers that changed).
 */
export async function loadActiveCampaigns(db: Database, advertiserIds?: readonly number[]) {
  const ofAdvertisers = <T extends AnyColumn>(column: T) =>
    advertiserIds ? inArray(column, [...advertiserIds]) : undefined;
  const approved = db
    .select({
      campaignId: campaignBanners.campaignId,
      banners: sql<ActiveBanner[]>`json_agg(json_build_object(
          'id', ${banners.id}, 'type', ${banners.type}, 'width', ${banners.width},
          'height', ${banners.height}, 'assetKey', ${banners.assetKey},
          'assetEntry', ${banners.assetEntry}, 'landingUrl', ${banners.landingUrl},
          'template', ${banners.template}
        ) order by ${banners.id})`.as('banners'),
    })
    .from(campaignBanners)
    .innerJoin(
      banners,
      and(
        eq(banners.id, campaignBanners.bannerId),
        eq(banners.status, 'approved'),
        ofAdvertisers(banners.advertiserId),
      ),
    )
    .groupBy(campaignBanners.campaignId)
    .as('approved');
  return db
    .select({
      campaign: getTableColumns(campaigns),
      advertiser: {
        id: advertisers.id,
        timeZone: advertisers.timeZone,
        currency: currencies.code,
        currencyMinorUnits: currencies.minorUnits,
      },
      banners: sql<ActiveBanner[]>`coalesce(${approved.banners}, '[]'::json)`,
    })
    .from(campaigns)
    .innerJoin(advertisers, eq(advertisers.id, campaigns.advertiserId))
    .leftJoin(currencies, eq(currencies.id, advertisers.currencyId))
    .leftJoin(approved, eq(approved.campaignId, campaigns.id))
    .where(and(eq(campaigns.status, 'active'), ofAdvertisers(campaigns.advertiserId)))
    .orderBy(asc(campaigns.id));
}
