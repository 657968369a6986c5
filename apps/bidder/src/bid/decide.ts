import type { DeliveryEventInput, ImpressionBidContext } from '@rtb/delivery';
import {
  anyCampaignAtFloor,
  type BidRequestFacts,
  type CampaignIndex,
  type CampaignInput,
  type CatalogueProduct,
  candidatesFor,
  frequencyKey,
  type ImpFacts,
  localTime,
  type MatchedCandidate,
  type NoBidReason,
  type PublishedModels,
  rankCandidates,
  shadedCandidate,
  winCurveSegment,
} from '@rtb/rtb';
import { NO_PROFILES, type ProfileStore, type UserProfiles } from '../audiences/profile-store';
import type { BudgetStore, ReserveOutcome } from '../budget/budget-store';
import type { BidderConfig } from '../config';
import type { LiveIndex } from '../index/live-index';
import type { ProductCatalogue } from '../products/product-catalogue';
import { visitorProducts } from '../products/visitor-products';
import { randomId } from '../random-id';
import type { WinCurveBook } from '../shading/win-curve-book';
import {
  bidContextOf,
  type ImpressionScoring,
  priceForImpression,
  type ScoredImpression,
  scoreCandidate,
} from './impression-scoring';
import { liftEvent, liftGroupOf } from './lift-events';
import type { PacingBook } from './pacing-book';

/** A bid we make: the imp, the campaign and creative with its price, and what it reserved. */
export interface ChosenBid {
  bidId: string;
  imp: ImpFacts;
  candidate: MatchedCandidate;
  /** The advertiser's day the bid counts against. */
  day: string;
  frequency: { key: string; expiresAtMs: number } | null;
  /** Whether a budget reservation holds for it (not for test requests, which never spend). */
  reserved: boolean;
  /** A dynamic banner's products (`candidate.products`), best first; empty for other creatives. */
  products: readonly CatalogueProduct[];
  /** What the bidder knew of the impression and what the models predicted, for its record. */
  bidContext: ImpressionBidContext;
}

export interface DecisionContext {
  live: LiveIndex<CampaignIndex>;
  store: BudgetStore;
  profiles: ProfileStore;
  /** The feeds' products dynamic banners show. */
  catalogue: ProductCatalogue;
  pacing: PacingBook;
  /** The click and conversion models impressions are scored with (`ModelBook`). */
  models: PublishedModels;
  /** The first-price segments' win curves bids are shaded on. */
  winCurves: WinCurveBook;
  /** Records a lift test's exposure or ghost (not awaited: the bid does not wait for it). */
  recordLiftEvent: (event: DeliveryEventInput) => void;
  config: BidderConfig;
  now: Date;
  random: () => number;
}

export type Decision = { bids: ChosenBid[]; noBid: null } | { bids: []; noBid: NoBidReason };

/** How many candidates of one imp may try to reserve budget before the imp goes without a bid. */
const RESERVE_ATTEMPTS = 3;
/** The best campaigns of each size and currency an imp considers (frequency caps may drop some). */
const CANDIDATES_PER_IMP = 8;

/**
 * The visitor's profiles, read once, when a campaign has audiences or dynamic banners and the
 * visitor has our id (`buyeruid`, the id our cookie sync and the shop's tag share; an exchange's
 * `x:` id is never a visitor of a shop). Anyone else is in no audience and is shown no products.
 */
function profilesOf(
  request: BidRequestFacts,
  index: CampaignIndex,
  store: ProfileStore,
): Promise<UserProfiles> {
  const { id, personalDataAllowed } = request.user;
  if (!index.usesProfiles || !personalDataAllowed || id === null || id.startsWith('x:'))
    return Promise.resolve(NO_PROFILES);
  return store.profilesOf(id);
}

/**
 * The budget reservation of a bid: `unknown` when the campaign's counters are not known (being
 * worked out again, after the store lost them), which asks for its advertiser's reload.
 */
async function reserve(
  context: DecisionContext,
  bidId: string,
  candidate: MatchedCandidate,
  day: string,
): Promise<ReserveOutcome> {
  const { campaign } = candidate;
  const scopes = context.live.scopesOf(campaign, day);
  const outcome = scopes
    ? await context.store.reserve(bidId, scopes, candidate.maxCostMicros, context.config.reservationTtlMs)
    : 'unknown';
  if (outcome === 'unknown') context.live.reloadAdvertiser(campaign.advertiserId);
  return outcome;
}

/** Our creatives and trackers are served over http: an https page would block them. */
const servedInsecurely = (config: BidderConfig) => !config.publicUrl.startsWith('https:');

/**
 * The answer to a request no campaign of the index could bid on at its price (no creative of its
 * sizes, or none reaching its floor in a currency it takes: `anyCampaignAtFloor`), with the
 * reason `decideBids` would give (`https_required` when an imp was left out for it, else
 * `no_campaign`), known at once: no profile read, no counter, no deadline. Null when it is to be
 * decided.
 */
export function noBidAtOnce(
  request: BidRequestFacts,
  context: Pick<DecisionContext, 'live' | 'config' | 'now'>,
): NoBidReason | null {
  const { live } = context;
  const insecure = servedInsecurely(context.config);
  const money = { now: context.now, rates: live.rates, baseCurrency: live.baseCurrency };
  let reason: NoBidReason = 'no_campaign';
  for (const imp of request.imps) {
    if (!imp.sizes.length) continue;
    if (imp.secure && insecure) reason = 'https_required';
    else if (anyCampaignAtFloor(live.index, request, imp, money)) return null;
  }
  return reason;
}

/**
 * Which campaign and creative bids on each imp (DESIGN.md section 6): the index's candidates
 * (targeting, schedule, audiences, floors, currencies: packages/rtb), then pacing, frequency caps and the
 * budget reservation (daily, total, funds; bids in flight count), best price first. One
 * response has one currency, so later imps keep to the first bid's. A campaign bids on at most
 * `maxBidsPerCampaign` imps of one request, and its earlier bids in the request count against its
 * frequency cap, so no request takes more of a campaign than that many impressions would.
 */
export async function decideBids(request: BidRequestFacts, context: DecisionContext): Promise<Decision> {
  const { live, store, pacing, now, random } = context;
  const insecure = servedInsecurely(context.config);
  const index = live.index;
  const profiles = await profilesOf(request, index, context.profiles);
  const products = visitorProducts(profiles, context.catalogue);
  const match = {
    now,
    rates: live.rates,
    baseCurrency: live.baseCurrency,
    profiles,
    productsOf: products.productsOf,
  };
  let reason: NoBidReason = 'no_campaign';

  // Pacing is a rule of the walk, so a throttled campaign leaves its place to the next best.
  let paced = false;
  const accept = (campaign: CampaignInput) => {
    const allowed = pacing.allows(campaign, now, random);
    paced ||= !allowed;
    return allowed;
  };
  const perImp: { imp: ImpFacts; candidates: MatchedCandidate[]; scoring: ImpressionScoring }[] = [];
  // Outcome goals' candidates are scored to be priced; the chosen bid of any other when chosen.
  const scored = new Map<MatchedCandidate, ScoredImpression>();
  for (const imp of request.imps) {
    if (!imp.sizes.length) continue;
    if (imp.secure && insecure) {
      reason = 'https_required';
      continue;
    }
    const scoring = {
      models: context.models,
      request,
      imp,
      profiles,
      now,
      priceShare: (campaign: CampaignInput) => pacing.priceShare(campaign, now),
      random,
    };
    const matched = priceForImpression(
      scoring,
      candidatesFor(index, request, imp, match, { limit: CANDIDATES_PER_IMP, accept }),
      scored,
    );
    if (matched.length) perImp.push({ imp, candidates: matched, scoring });
    else if (paced) reason = 'paced';
  }
  if (!perImp.length) return { bids: [], noBid: reason };

  // Frequency caps: one read for every capped candidate of the request.
  const userId = request.user.personalDataAllowed ? request.user.id : null;
  const capKeys = new Map<number, { key: string; expiresAtMs: number } | null>();
  for (const { candidates } of perImp)
    for (const { campaign } of candidates)
      if (!capKeys.has(campaign.id)) capKeys.set(campaign.id, frequencyKey(campaign, userId, now));
  const capped = [...capKeys].filter(([, key]) => key !== null) as [
    number,
    { key: string; expiresAtMs: number },
  ][];
  const seen = new Map<number, number>();
  if (capped.length) {
    const counts = await store.frequency(capped.map(([, key]) => key.key));
    for (const [i, [campaignId]] of capped.entries()) seen.set(campaignId, counts[i] ?? 0);
  }

  // What this request has bid already counts too: its bids on capped campaigns, and how many
  // imps each campaign took (`maxBidsPerCampaign`); its reservations are in the store.
  const bidsOf = new Map<number, number>();
  const underCap = (c: MatchedCandidate) =>
    c.campaign.frequencyCap === null ||
    (seen.get(c.campaign.id) ?? 0) + (bidsOf.get(c.campaign.id) ?? 0) < c.campaign.frequencyCap.count;
  const roomIn = (c: MatchedCandidate) =>
    (bidsOf.get(c.campaign.id) ?? 0) < context.config.maxBidsPerCampaign;

  const bids: ChosenBid[] = [];
  let currency: string | null = null;
  for (const { imp, candidates, scoring } of perImp) {
    const open = candidates.filter(
      (c) => underCap(c) && roomIn(c) && (currency === null || c.currency === currency),
    );
    if (!open.length) {
      reason = 'frequency_cap';
      continue;
    }
    let attempts = 0;
    /** Lift-test campaigns whose turn at this imp is recorded (one per campaign, of its creatives); made by the first. */
    let turned: Set<number> | undefined;
    for (const candidate of rankCandidates(open, random)) {
      if (attempts === RESERVE_ATTEMPTS) break;
      const { campaign } = candidate;
      // A lift test, at the campaign's turn: a held-out visitor gets a ghost of the impression it
      // would have bought, and the imp goes on to the next (what they would have seen without
      // it); one of its exposed group an exposure, and the bid. A test request is no one's
      // traffic: held out alike, but nothing recorded for the report.
      const group = liftGroupOf(request, candidate);
      if (group && !turned?.has(campaign.id)) {
        turned ??= new Set();
        turned.add(campaign.id);
        if (!request.test) context.recordLiftEvent(liftEvent(group, request, candidate, now));
      }
      if (group === 'held-out') {
        reason = 'held_out';
        continue;
      }
      attempts += 1;
      const bidId = randomId(16);
      const day = localTime(now, campaign.timeZone).day;
      const outcome = request.test ? 'test' : await reserve(context, bidId, candidate, day);
      if (outcome !== 'reserved' && outcome !== 'test') {
        reason = outcome === 'unknown' ? 'budget_unknown' : 'budget';
        continue;
      }
      // Reserved at its full price; a first-price bid then goes out shaded on its segment's curve.
      const segment = winCurveSegment({
        currency: candidate.currency,
        domain: request.inventory.reportName,
        width: candidate.banner.width,
        height: candidate.banner.height,
      });
      const shaded = shadedCandidate(candidate, request.auctionType, context.winCurves.curveOf(segment));
      bids.push({
        bidId,
        imp,
        candidate: shaded.candidate,
        day,
        frequency: capKeys.get(campaign.id) ?? null,
        reserved: outcome === 'reserved',
        products: products.productsOfCandidate(candidate),
        bidContext: bidContextOf(
          scored.get(candidate) ?? scoreCandidate(scoring, candidate),
          { auctionType: request.auctionType, unshadedMicros: shaded.unshadedMicros },
          campaign.outcome?.priors ?? null,
        ),
      });
      bidsOf.set(campaign.id, (bidsOf.get(campaign.id) ?? 0) + 1);
      currency = candidate.currency;
      break;
    }
  }
  return bids.length ? { bids, noBid: null } : { bids: [], noBid: reason };
}
