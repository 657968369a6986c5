import {
  type BidRequestFacts,
  type ImpFacts,
  type ImpressionFeatures,
  impressionFeaturesOf,
  parseBidRequest,
  type Size,
} from '@rtb/rtb';
import { type AdChoice, convertCurrency, type OutcomeOpportunity } from '@rtb/simulator';
import type { ShopVisitors, VisitorProfile } from './shop-visitors';

/** The bench's campaigns bid in dollars; the world's auctions convert. */
export const BID_CURRENCY = 'USD';

/** What the bidder knows of an opportunity: the parsed request, its banner imp, the visitor's profile. */
export interface BidderView {
  opportunity: OutcomeOpportunity;
  request: BidRequestFacts;
  imp: ImpFacts;
  /** The slot's primary size: every campaign of the bench has a creative of each size. */
  size: Size;
  /** The floor in micro-units of the bid currency per impression, rounded up. */
  floorMicros: number;
  profile: VisitorProfile;
  now: Date;
}

/** The bidder's view of an opportunity; null when the request has no banner imp to buy. */
export function bidderViewOf(opportunity: OutcomeOpportunity, visitors: ShopVisitors): BidderView | null {
  const parsed = parseBidRequest(opportunity.request);
  if (!parsed.ok || parsed.noBid !== null) return null;
  const { request } = parsed;
  const imp = request.imps[0];
  const size = imp?.sizes[0];
  if (!imp || !size) return null;
  const floor = convertCurrency(imp.floorMicros, imp.floorCurrency, BID_CURRENCY) ?? 0;
  return {
    opportunity,
    request,
    imp,
    size,
    floorMicros: Math.ceil(floor),
    profile: visitors.profileAt(opportunity, request.user.id),
    now: new Date(opportunity.truth.at),
  };
}

/** A campaign's creative of a size: the campaign's id, then the size (campaigns stay under 2,000). */
export const creativeIdOf = (campaignId: number, { w, h }: Size) => campaignId * 1_000_000 + w * 1_000 + h;

/** The features of showing the campaign's creative of the slot's size. */
export function featuresOf(view: BidderView, campaignId: number): ImpressionFeatures {
  return impressionFeaturesOf({
    request: view.request,
    imp: view.imp,
    creative: { id: creativeIdOf(campaignId, view.size), width: view.size.w, height: view.size.h },
    campaignId,
    audienceId: view.profile.audienceId,
    lastProductViewAgeSeconds: view.profile.lastProductViewAgeSeconds,
    now: view.now,
  });
}

/** The ad the world shows for the campaign (its truth and engagement read it). */
export function adOf(view: BidderView, campaignId: number): AdChoice {
  return {
    campaignId: String(campaignId),
    creativeId: String(creativeIdOf(campaignId, view.size)),
    w: view.size.w,
    h: view.size.h,
  };
}
