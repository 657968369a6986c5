import type { DeviceType, DynamicTemplate, FrequencyCapPeriod, OperatingSystem } from '@rtb/shared';
import type { AudienceInput } from './audiences/membership';
import type { ImpressionPredictions, OutcomeGoal } from './goals/goal';

/*
 * The shapes the bidder decides on. A bid request is validated and normalised once
 * (`parseBidRequest`) into `BidRequestFacts`; campaigns come from the database as
 * `CampaignInput` and are indexed (`buildCampaignIndex`); matching, pricing and pacing are pure
 * functions over these. Money is integer micro-units (1e-6 of a currency unit) throughout.
 */

/** A banner size in CSS pixels. */
export interface Size {
  w: number;
  h: number;
}

/** One `imp` of a request, as far as a display bidder cares. */
export interface ImpFacts {
  id: string;
  /** Every size the banner slot takes: `banner.w`/`h` and each `banner.format` entry. Empty for video/native-only imps. */
  sizes: Size[];
  /**
   * The floor per impression in micro-units of `floorCurrency` (`bidfloor` is a CPM: a thousandth of
   * it, rounded up; 0 when none), comparable with a candidate's `priceMicros`.
   */
  floorMicros: number;
  /** `bidfloorcur`, upper case; the request's default (USD) when absent. */
  floorCurrency: string;
  /** `imp.secure`: the creative must load over https. */
  secure: boolean;
  /** `banner.pos`, AdCOM's placement position (0 unknown, 1 above the fold, 3 below, ... 7); null when not given. */
  position: number | null;
}

/** Where the impression is: a site (its domain) or an app (its bundle, or its store domain). */
export interface InventoryFacts {
  kind: 'site' | 'app';
  /**
   * Normalised like the campaigns' domain lists (`normaliseDomain`): a site's domain or an app's
   * bundle; a numeric App Store bundle ('628677149') as it is. Null when the request names none.
   */
  domain: string | null;
  /**
   * What the delivery reports split by domain call it: a site's domain; an app's bundle, or its
   * name (else domain) beside a numeric App Store id ('Example Game (1234567890)'). Null when
   * the request names none.
   */
  reportName: string | null;
  /** IAB content categories of the site or app and its publisher (`cat`, `sectioncat`, `pagecat`). */
  categories: string[];
  page: string | null;
}

export interface DeviceFacts {
  type: DeviceType | null;
  os: OperatingSystem | null;
  /** ISO 3166-1 alpha-2, upper case (the request's alpha-3 converted). */
  country: string | null;
  ua: string | null;
  /** The user's offset from UTC in minutes (`device.geo.utcoffset`, else `user.geo`); null when not given. */
  utcOffsetMinutes: number | null;
}

export interface UserFacts {
  /**
   * Whom frequency caps count: our own id (`user.buyeruid`, set by our cookie sync) else the
   * exchange's (`user.id`, prefixed `x:`), never when personal data may not be used.
   */
  id: string | null;
  /** False under COPPA, or where GDPR applies without consent: no frequency cap or retargeting by user. */
  personalDataAllowed: boolean;
}

export interface BidRequestFacts {
  id: string;
  /** 1 first price, 2 second price (the default). */
  auctionType: 1 | 2;
  /** Milliseconds the exchange waits for the answer; null when it does not say. */
  tmaxMs: number | null;
  /** A test request: answered, never charged. */
  test: boolean;
  /** Currencies a bid may be in (`cur`, upper case); empty means the exchange's default, USD. */
  currencies: string[];
  /** `bcat`: blocked IAB categories (tier 1 like `IAB25` or tier 2 like `IAB7-39`). */
  blockedCategories: string[];
  /** `badv`: blocked advertiser domains, normalised. */
  blockedAdvertiserDomains: string[];
  inventory: InventoryFacts;
  device: DeviceFacts;
  user: UserFacts;
  imps: ImpFacts[];
}

/** What a dynamic banner shows besides its products: its template and the shop. */
export interface DynamicCreative {
  template: DynamicTemplate;
  /** The advertiser's name, shown where there is no logo. */
  shopName: string;
  /** The shop's locale for prices (its first website locale, else `en`). */
  locale: string;
}

/**
 * A creative of a campaign, as the bidder shows it. A dynamic banner is one `BannerInput` per
 * size it serves in (the same id), its file being the logo.
 */
export interface BannerInput {
  id: number;
  type: 'image' | 'html5' | 'dynamic';
  width: number;
  height: number;
  assetKey: string;
  assetEntry: string;
  landingUrl: string;
  /** Set for a dynamic banner only. */
  dynamic: DynamicCreative | null;
}

/** A product of a shop's feed as a dynamic banner needs it (the bidder's catalogue keeps these). */
export interface CatalogueProduct {
  advertiserId: number;
  /** The feed's id of the product. */
  id: string;
  /** Our key of the product (`products.id`): short, what tokens and reports carry. */
  key: number;
  title: string;
  /** Micro-units of `currency`; `salePriceMicros` only when lower than the price. */
  priceMicros: number;
  salePriceMicros: number | null;
  currency: string | null;
  /** The product's page: where its click leads. */
  link: string;
  /** Our image proxy's path with `{box}` (`productImageUrl` in packages/shared). */
  imageUrlTemplate: string;
  /** In stock and not removed from the feed: only these are shown. */
  available: boolean;
}

/** An active campaign with what the bidder needs of its advertiser, loaded from the database. */
export interface CampaignInput {
  id: number;
  advertiserId: number;
  /** The advertiser's currency (its budgets and funds) and its minor units. */
  currency: string;
  currencyMinorUnits: number;
  timeZone: string;
  startDate: string;
  endDate: string | null;
  /** 0-167 from Monday 00:00 in the advertiser's time zone; null = every hour. */
  hoursOfWeek: readonly number[] | null;
  totalBudgetMicros: number | null;
  dailyBudgetMicros: number | null;
  /**
   * Gross: what the advertiser pays at most per 1,000 impressions, micro-units of its currency.
   * A max-CPM campaign's price; an outcome goal's most for any impression (`outcomeBidCeiling`),
   * each impression being priced below it by its predictions (`candidateAtCpm`).
   */
  maxCpmMicros: number;
  /** A target CPC, CPA or ROAS, and the predictions before a model scores its impressions; null: max CPM. */
  outcome: CampaignOutcome | null;
  /** A lift test's hold-out (basis points of its users, 0 none): never bid on, a ghost recorded instead (`holdoutGroup`). */
  holdoutBps: number;
  pacing: 'even' | 'asap';
  frequencyCap: { count: number; period: FrequencyCapPeriod } | null;
  /** Alpha-2; empty = everywhere. The lists below: empty = no restriction. */
  countries: readonly string[];
  deviceTypes: readonly DeviceType[];
  operatingSystems: readonly OperatingSystem[];
  includeDomains: readonly string[];
  excludeDomains: readonly string[];
  /** IAB tier-1 categories the campaign stays away from. */
  excludedCategories: readonly string[];
  /**
   * Audiences of its advertiser: null = anyone, else the visitor must be in one of these (empty
   * when every audience it named is gone: no one). Members of `excludeAudiences` never see it.
   */
  includeAudiences: readonly AudienceInput[] | null;
  excludeAudiences: readonly AudienceInput[];
  /** The advertiser's own domain (`adomain`, checked against `badv`); null when it has no website. */
  advertiserDomain: string | null;
  /** The IAB categories the ads are about (`cat` of the bid, checked against `bcat`). */
  categories: readonly string[];
  /** Platform margin and agency commission, basis points of the gross price (2000 = 20 %). */
  marginBps: number;
  commissionBps: number;
  banners: readonly BannerInput[];
}

/** What an outcome goal's campaign is priced by, impression by impression. */
export interface CampaignOutcome {
  goal: OutcomeGoal;
  /**
   * The campaign's rates before a model knows its impressions (`priorPredictions`); the order
   * value is always these (the models predict clicks and conversions).
   */
  priors: ImpressionPredictions;
  /** The impressions of its own the priors' click rate stands on (`exploredPredictions`). */
  evidenceImpressions: number;
}

/** How a gross amount splits: what the exchange gets (media), the platform's margin, the agency's commission. */
export interface CostSplit {
  grossMicros: number;
  mediaMicros: number;
  marginMicros: number;
  commissionMicros: number;
}

/**
 * Exchange rates: units of the base currency for one unit of each currency, as integers scaled by
 * 1e8 (the `numeric(18, 8)` of `currency_rates`), so conversions are exact integer arithmetic.
 */
export type CurrencyRates = ReadonlyMap<string, bigint>;

/** A campaign and creative that may bid on an imp, with its price. */
export interface Candidate {
  campaign: CampaignInput;
  banner: BannerInput;
  /** The bid sent to the exchange: net of margin and commission, micro-units of `currency` per impression. */
  priceMicros: number;
  /** The currency of the bid (one the request accepts). */
  currency: string;
  /** Advertiser-currency micro-units per 1 micro-unit of the bid currency, scaled by 1e8. */
  fxToAdvertiser: bigint;
  /** The most this impression can cost the advertiser (gross, its currency): what a bid reserves. */
  maxCostMicros: number;
  /** A dynamic banner's products for this visitor (feed ids, best first); empty for other creatives. */
  products: readonly string[];
}
