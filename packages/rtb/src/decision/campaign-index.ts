import type { DeviceType, OperatingSystem } from '@rtb/shared';
import { type CampaignAudiences, campaignAudiencesOf } from '../audiences/membership';
import type { BannerInput, CampaignInput, Size } from '../types';
import { domainWithParents } from './domains';
import { impressionPrices } from './money';
import { dayNumber, ZoneClocks } from './zone-clocks';

/** A campaign with its lists as sets (null = no restriction) and its prices worked out once. */
export interface IndexedCampaign {
  campaign: CampaignInput;
  /** Its advertiser's time zone (`ZoneClocks.idOf`) and its first and last day as `dayNumber`s. */
  zone: number;
  startDay: number;
  endDay: number;
  hoursOfWeek: ReadonlySet<number> | null;
  countries: ReadonlySet<string> | null;
  deviceTypes: ReadonlySet<DeviceType> | null;
  operatingSystems: ReadonlySet<OperatingSystem> | null;
  includeDomains: ReadonlySet<string> | null;
  excludeDomains: ReadonlySet<string> | null;
  /** `advertiserDomain` and its parents, against `badv`; null without one. */
  advertiserDomains: readonly string[] | null;
  /** Its audiences ready to check; null when it has none. */
  audiences: CampaignAudiences | null;
  /** The net bid per impression in the campaign's currency. */
  netBidMicros: number;
  /** The gross cost of that bid: what winning at it costs the advertiser at most. */
  maxCostMicros: number;
}

/** The campaigns with a creative of one size, with those creatives. */
export interface SizeEntry {
  indexed: IndexedCampaign;
  banners: readonly BannerInput[];
}

export interface CampaignIndex {
  /** Every campaign given, by id. */
  readonly campaigns: ReadonlyMap<number, CampaignInput>;
  /**
   * Campaigns that can bid, by the size of their creatives (`sizeKey`), then by currency, each
   * currency's dearest first: matching walks a currency's campaigns in price order and stops
   * once it has the best few (`candidatesFor`'s `limit`), without looking at the rest.
   */
  readonly bySize: ReadonlyMap<string, readonly (readonly SizeEntry[])[]>;
  /**
   * Campaigns that bid only on members of their audiences (`includeAudiences`), by size, then by
   * advertiser: a visitor can only be a member where the shop knows them, so matching looks at
   * the campaigns of the visitor's shops only, however many retarget elsewhere.
   */
  readonly retargetingBySize: ReadonlyMap<string, ReadonlyMap<number, readonly SizeEntry[]>>;
  /**
   * Of those, by size, the dearest campaign of each currency: whether any of them could reach an
   * imp's floor is known without the visitor's profiles (`anyCampaignAtFloor`).
   */
  readonly retargetingDearestBySize: ReadonlyMap<string, readonly IndexedCampaign[]>;
  /** The advertisers' time zones and their clocks. */
  readonly zones: ZoneClocks;
  /**
   * Whether a campaign that can bid has audiences or a dynamic banner: only then is a visitor's
   * profile worth reading.
   */
  readonly usesProfiles: boolean;
}

export const sizeKey = (size: Size) => `${size.w}x${size.h}`;

const setOrNull = <T>(list: readonly T[] | null): ReadonlySet<T> | null =>
  list === null || list.length === 0 ? null : new Set(list);

/** A campaign's prices, or null when it cannot bid at all (no net price left after margin and commission). */
const pricesOf = (campaign: CampaignInput): Pick<IndexedCampaign, 'netBidMicros' | 'maxCostMicros'> | null =>
  impressionPrices(campaign.maxCpmMicros, campaign.marginBps, campaign.commissionBps);

function indexed(campaign: CampaignInput, zones: ZoneClocks): IndexedCampaign | null {
  const prices = pricesOf(campaign);
  const zone = zones.idOf(campaign.timeZone);
  if (prices === null || zone === null) return null;
  return {
    campaign,
    zone,
    startDay: dayNumber(campaign.startDate),
    endDay: campaign.endDate === null ? Number.POSITIVE_INFINITY : dayNumber(campaign.endDate),
    // An empty hour list serves no hour, unlike the other lists, where empty means no restriction.
    hoursOfWeek: campaign.hoursOfWeek === null ? null : new Set(campaign.hoursOfWeek),
    countries: setOrNull(campaign.countries),
    deviceTypes: setOrNull(campaign.deviceTypes),
    operatingSystems: setOrNull(campaign.operatingSystems),
    includeDomains: setOrNull(campaign.includeDomains),
    excludeDomains: setOrNull(campaign.excludeDomains),
    advertiserDomains:
      campaign.advertiserDomain === null ? null : domainWithParents(campaign.advertiserDomain),
    audiences: campaignAudiencesOf(campaign.includeAudiences, campaign.excludeAudiences),
    ...prices,
  };
}

/**
 * Groups campaigns by the sizes of their creatives, so an imp only looks at campaigns that fit
 * it. Campaigns that can never bid (no creative, no net price, an unknown time zone) are left out
 * of the groups but kept in `campaigns`.
 */
export function buildCampaignIndex(campaigns: readonly CampaignInput[]): CampaignIndex {
  const bySize = new Map<string, Map<string, SizeEntry[]>>();
  const retargetingBySize = new Map<string, Map<number, SizeEntry[]>>();
  const zones = new ZoneClocks();
  let usesProfiles = false;
  for (const campaign of campaigns) {
    const entry = indexed(campaign, zones);
    if (entry === null) continue;
    usesProfiles ||=
      campaign.banners.length > 0 &&
      (entry.audiences !== null || campaign.banners.some((banner) => banner.dynamic !== null));
    const bannersBySize = new Map<string, BannerInput[]>();
    for (const banner of campaign.banners) {
      const key = sizeKey({ w: banner.width, h: banner.height });
      bannersBySize.set(key, [...(bannersBySize.get(key) ?? []), banner]);
    }
    for (const [key, banners] of bannersBySize) {
      if (campaign.includeAudiences !== null) {
        const byAdvertiser = retargetingBySize.get(key) ?? new Map<number, SizeEntry[]>();
        retargetingBySize.set(key, byAdvertiser);
        byAdvertiser.set(campaign.advertiserId, [
          ...(byAdvertiser.get(campaign.advertiserId) ?? []),
          { indexed: entry, banners },
        ]);
        continue;
      }
      const byCurrency = bySize.get(key) ?? new Map<string, SizeEntry[]>();
      bySize.set(key, byCurrency);
      const list = byCurrency.get(campaign.currency);
      if (list) list.push({ indexed: entry, banners });
      else byCurrency.set(campaign.currency, [{ indexed: entry, banners }]);
    }
  }
  const dearestFirst = (a: SizeEntry, b: SizeEntry) => b.indexed.netBidMicros - a.indexed.netBidMicros;
  const retargetingDearestBySize = new Map<string, IndexedCampaign[]>();
  for (const [key, byAdvertiser] of retargetingBySize) {
    const dearest = new Map<string, IndexedCampaign>();
    for (const entries of byAdvertiser.values())
      for (const { indexed } of entries) {
        const known = dearest.get(indexed.campaign.currency);
        if (!known || known.netBidMicros < indexed.netBidMicros)
          dearest.set(indexed.campaign.currency, indexed);
      }
    retargetingDearestBySize.set(key, [...dearest.values()]);
  }
  return {
    campaigns: new Map(campaigns.map((campaign) => [campaign.id, campaign])),
    bySize: new Map(
      [...bySize].map(([key, byCurrency]) => [
        key,
        [...byCurrency.values()].map((list) => list.sort(dearestFirst)),
      ]),
    ),
    retargetingBySize,
    retargetingDearestBySize,
    zones,
    usesProfiles,
  };
}
