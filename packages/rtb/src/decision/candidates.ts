import { audiencesAllow } from '../audiences/membership';
import type { VisitorProfiles } from '../audiences/profile';
import { planDynamicLayout } from '../dynamic/layout';
import type {
  BannerInput,
  BidRequestFacts,
  CampaignInput,
  Candidate,
  CurrencyRates,
  ImpFacts,
} from '../types';
import { acceptedCurrencies, type CurrencyQuote, quoteFor } from './bid-currency';
import { type CampaignIndex, type IndexedCampaign, type SizeEntry, sizeKey } from './campaign-index';
import { convertMicros } from './fx';
import { impressionPrices } from './money';
import {
  categoriesAllow,
  deviceAllows,
  domainsAllow,
  geographyAllows,
  type RequestView,
  requestView,
  scheduleAllows,
} from './targeting';

export interface MatchContext {
  now: Date;
  rates: CurrencyRates;
  baseCurrency: string;
  /**
   * The visitor's profiles at the shops (none: no user id of ours), for campaigns with
   * audiences; without them such campaigns see a visitor in no audience.
   */
  profiles?: VisitorProfiles;
  /**
   * The products (feed ids, best first, at most `count`) a dynamic banner of the advertiser would
   * show this visitor; without it, or with none, dynamic banners do not bid.
   */
  productsOf?: (advertiserId: number, count: number) => readonly string[];
}

/** A candidate as matching makes it: with what ranks it against bids in other currencies. */
export interface MatchedCandidate extends Candidate {
  /** The price in micro-units of the base currency, times 1e8 (exact up to 2^53). */
  rankValue: number;
  /** How its campaign bids on this imp: the bid currency, its rates and the floor. */
  quote: CurrencyQuote;
}

/** What pricing a campaign on an imp needs. */
interface Pricing {
  imp: ImpFacts;
  context: MatchContext;
  accepted: readonly string[];
  /** Per campaign currency: the same for every campaign of that currency on this imp. */
  quotes: Map<string, CurrencyQuote | null>;
}

interface Matching extends Pricing {
  index: CampaignIndex;
  view: RequestView;
}

function targeted(entry: IndexedCampaign, matching: Matching): boolean {
  const { view, index, context } = matching;
  return (
    scheduleAllows(entry, index.zones.at(entry.zone, context.now)) &&
    geographyAllows(entry, view.device.country) &&
    deviceAllows(entry, view.device) &&
    domainsAllow(entry, view.domains) &&
    categoriesAllow(entry, view) &&
    (entry.audiences === null ||
      audiencesAllow(
        entry.audiences,
        context.profiles?.get(entry.campaign.advertiserId) ?? null,
        context.now.getTime(),
      ))
  );
}

function quoteOf(currency: string, matching: Pricing): CurrencyQuote | null {
  let quote = matching.quotes.get(currency);
  if (quote === undefined) {
    quote = quoteFor(currency, matching.accepted, matching.imp, matching.context);
    matching.quotes.set(currency, quote);
  }
  return quote;
}

/** A campaign's bid on the imp, shared by its creatives of the imp's sizes. */
interface Bid {
  priceMicros: number;
  quote: CurrencyQuote;
}

const NO_PRODUCTS: readonly string[] = [];

/**
 * What the banner shows this visitor besides itself: nothing for a fixed creative; a dynamic
 * banner's products for its size, or null when it has none to show (then it does not bid).
 */
function productsOfBanner(banner: BannerInput, campaign: CampaignInput, context: MatchContext) {
  if (banner.type !== 'dynamic') return NO_PRODUCTS;
  if (!banner.dynamic || !context.productsOf) return null;
  const { count } = planDynamicLayout(banner.width, banner.height, banner.dynamic.template.layout);
  const products = context.productsOf(campaign.advertiserId, count);
  return products.length ? products.slice(0, count) : null;
}

/** A net bid (campaign currency) in the quote's currency, rounded down; null when nothing or under the floor. */
function priceIn(netBidMicros: number, quote: CurrencyQuote): number | null {
  const priceMicros = convertMicros(netBidMicros, quote.fxToBid, 'down');
  return priceMicros > 0 && priceMicros >= quote.floorMicros ? priceMicros : null;
}

/** The campaign's bid in a currency the request takes, or null when none converts or it is under the floor. */
function bidOf(entry: IndexedCampaign, matching: Pricing): Bid | null {
  const quote = quoteOf(entry.campaign.currency, matching);
  if (quote === null) return null;
  const priceMicros = priceIn(entry.netBidMicros, quote);
  return priceMicros === null ? null : { priceMicros, quote };
}

/**
 * The candidate at a gross CPM of its own (an outcome goal's value of this impression), at most
 * its campaign's `maxCpmMicros`, which it was matched at: its bid, what it reserves and its rank
 * follow; null when that bid is nothing or under the imp's floor.
 */
export function candidateAtCpm(candidate: MatchedCandidate, cpmMicros: number): MatchedCandidate | null {
  const { campaign, quote } = candidate;
  const cpm = Math.min(Math.max(0, Math.floor(cpmMicros)), campaign.maxCpmMicros);
  const prices = impressionPrices(cpm, campaign.marginBps, campaign.commissionBps);
  const priceMicros = prices && priceIn(prices.netBidMicros, quote);
  if (!prices || priceMicros === null) return null;
  return {
    ...candidate,
    priceMicros,
    maxCostMicros: prices.maxCostMicros,
    rankValue: priceMicros * quote.baseRate,
  };
}

/**
 * Whether some campaign could bid on the imp on price alone: one has a creative of its sizes
 * whose bid, in a currency the request takes, reaches the floor. The index's first look, before
 * any rule or the visitor's profiles: a map lookup per size and the dearest campaign of each
 * currency priced (most of an exchange's requests end here).
 */
export function anyCampaignAtFloor(
  index: CampaignIndex,
  request: BidRequestFacts,
  imp: ImpFacts,
  context: MatchContext,
): boolean {
  const pricing: Pricing = { imp, context, accepted: acceptedCurrencies(request), quotes: new Map() };
  for (const size of imp.sizes) {
    const key = sizeKey(size);
    for (const entries of index.bySize.get(key) ?? [])
      if (entries[0] && bidOf(entries[0].indexed, pricing)) return true;
    for (const dearest of index.retargetingDearestBySize.get(key) ?? [])
      if (bidOf(dearest, pricing)) return true;
  }
  return false;
}

export interface MatchOptions {
  /**
   * Stop at the best `limit` campaigns of each size and currency (ties with the last one kept):
   * the bidder only ever tries the best few, and the index walks each currency's campaigns
   * dearest first, so the rest are never looked at.
   */
  limit?: number;
  /** A further rule of the caller's (pacing): a campaign it refuses does not count. */
  accept?: (campaign: CampaignInput) => boolean;
}

/**
 * The campaign x banner pairs that may bid on this imp with their prices; static rules only (no
 * counters): size, schedule, geography, device, domains, categories, audiences, then currency and floor,
 * then the caller's `accept`; a dynamic banner also needs products to show the visitor
 * (`productsOf`). Every one of them, or the best `limit` of each size and currency.
 */
export function candidatesFor(
  index: CampaignIndex,
  request: BidRequestFacts,
  imp: ImpFacts,
  context: MatchContext,
  options: MatchOptions = {},
): MatchedCandidate[] {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const matching: Matching = {
    index,
    view: requestView(request),
    imp,
    context,
    accepted: acceptedCurrencies(request),
    quotes: new Map(),
  };
  const sizes = new Set(imp.sizes.map(sizeKey));
  // A campaign with creatives of two of the imp's sizes is judged once (false: it does not bid
  // here; null: nor does any cheaper campaign of its currency).
  const judged = sizes.size > 1 ? new Map<IndexedCampaign, Bid | false | null>() : null;
  const candidates: MatchedCandidate[] = [];
  /** The campaign's bid here: false when it does not bid, null when no cheaper one of its currency can either. */
  const judge = (indexed: IndexedCampaign): Bid | false | null => {
    let bid = judged?.get(indexed);
    if (bid === undefined) {
      bid = targeted(indexed, matching) ? bidOf(indexed, matching) : false;
      if (bid && options.accept && !options.accept(indexed.campaign)) bid = false;
      judged?.set(indexed, bid);
    }
    return bid;
  };
  /** Adds the campaign's creatives of a size at its bid; false when none has anything to show. */
  const offer = ({ indexed, banners }: SizeEntry, { priceMicros, quote }: Bid): boolean => {
    let offered = false;
    for (const banner of banners) {
      const products = productsOfBanner(banner, indexed.campaign, context);
      if (products === null) continue;
      offered = true;
      candidates.push({
        campaign: indexed.campaign,
        banner,
        priceMicros,
        currency: quote.currency,
        fxToAdvertiser: quote.fxToAdvertiser,
        maxCostMicros: indexed.maxCostMicros,
        rankValue: priceMicros * quote.baseRate,
        quote,
        products,
      });
    }
    return offered;
  };
  for (const size of sizes) {
    for (const entries of index.bySize.get(size) ?? []) {
      // One currency's campaigns, dearest first: once `limit` campaigns are taken, or a price is
      // under the floor, the rest can only be cheaper. When the dearest is under the floor (or
      // its currency converts to none the request takes), no rule needs looking at.
      const dearest = entries[0];
      if (dearest === undefined || bidOf(dearest.indexed, matching) === null) continue;
      let taken = 0;
      let lastNet = 0;
      for (const entry of entries) {
        if (taken >= limit && entry.indexed.netBidMicros < lastNet) break;
        const bid = judge(entry.indexed);
        // Not convertible or under the floor: so is every cheaper campaign of this currency.
        if (bid === null) break;
        // Only dynamic banners with nothing to show: the campaign leaves its place to the next.
        if (bid === false || !offer(entry, bid)) continue;
        taken += 1;
        lastNet = entry.indexed.netBidMicros;
      }
    }
    // Campaigns that only bid on audiences' members: those of the shops that know the visitor.
    const retargeting = index.retargetingBySize.get(size);
    if (retargeting)
      for (const advertiserId of context.profiles?.advertisers ?? [])
        for (const entry of retargeting.get(advertiserId) ?? []) {
          const bid = judge(entry.indexed);
          if (bid) offer(entry, bid);
        }
  }
  return candidates;
}
