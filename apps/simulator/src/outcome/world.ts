import { convert } from '../inventory';
import type { Engagement, MarketAuction, ServedAd } from '../market';
import { hiddenEffects } from './hidden-effects';
import { impressionTruthOf } from './impression-truth';
import { keyedRandom } from './keyed-random';
import { createOpportunityStream } from './opportunity-stream';
import { type OutcomeSummary, OutcomeTally } from './outcome-tally';
import { resolveAuction } from './resolve-auction';
import type {
  AdChoice,
  ImpressionTruth,
  OutcomeOpportunity,
  OutcomeRates,
  OutcomeWorldOptions,
} from './types';
import { drawVisitorResponse, type VisitorResponse } from './visitor-response';

/**
 * Display rates: with the effects, about 0.3 % of impressions clicked and 2 % of clicks ordering;
 * among the visitors who saw an ad, about as many orders without it as because of it.
 */
export const defaultOutcomeRates: OutcomeRates = {
  ctr: 0.0015,
  cvr: 0.005,
  propensity: 0.00005,
  viewThrough: 0.5,
};

/** A won impression's response and its ground truth. */
export interface ServedImpression extends Engagement {
  truth: ImpressionTruth;
}

/** A world with a hidden true model of clicks, orders, rivals' bids and the lift of ads. */
export interface OutcomeWorld {
  readonly seed: number;
  readonly rates: OutcomeRates;
  /** The next opportunity: the bid request, its visitor, what the visitor browsed, the hidden truth. */
  next(): OutcomeOpportunity;
  /** The true probabilities of showing `ad` at the opportunity (draws nothing). */
  truthOf(opportunity: OutcomeOpportunity, ad: AdChoice): ImpressionTruth;
  /** Our bid (CPM in `currency`) in the opportunity's auction: the win with its price, or the loss notice. */
  auction(opportunity: OutcomeOpportunity, price: number, currency: string): MarketAuction;
  /** The won impression shown: the visitor's click and order drawn from the truth, and counted. */
  engage(opportunity: OutcomeOpportunity, ad: ServedAd): ServedImpression;
  /** The opportunity without any ad of ours (lost, or held out): the visitor's organic order, counted. */
  withoutAd(opportunity: OutcomeOpportunity): VisitorResponse;
  /** Per campaign, what was drawn beside what the truth expected; and the opportunities without ads. */
  outcomes(): OutcomeSummary;
}

/**
 * A seeded world: the request generator's visitors and inventory, plus what the bidder cannot
 * see (`createOpportunityStream`) and a true model of clicks and orders. The same seed (and
 * options) gives the same stream; each opportunity's responses come from a stream of its own,
 * so they depend neither on what was served before nor on whether an ad was shown: the organic
 * order is the same draw with or without one.
 */
export function createOutcomeWorld(seed: number, options: OutcomeWorldOptions = {}): OutcomeWorld {
  const rates: OutcomeRates = {
    ctr: options.ctr ?? defaultOutcomeRates.ctr,
    cvr: options.cvr ?? defaultOutcomeRates.cvr,
    propensity: options.propensity ?? defaultOutcomeRates.propensity,
    viewThrough: options.viewThrough ?? defaultOutcomeRates.viewThrough,
  };
  const hidden = hiddenEffects(seed);
  const stream = createOpportunityStream(seed, { ...options, propensity: rates.propensity, hidden });
  const tally = new OutcomeTally();
  const respond = (opportunity: OutcomeOpportunity, truth: ImpressionTruth | null) =>
    drawVisitorResponse(
      keyedRandom(seed, 'response', opportunity.truth.index),
      opportunity.truth.traits.propensity,
      truth,
      Number(opportunity.truth.product.price),
    );

  const world: OutcomeWorld = {
    seed,
    rates,
    next: () => stream.next(),
    truthOf: (opportunity, ad) => impressionTruthOf({ hidden, rates }, opportunity, ad),
    auction: resolveAuction,
    engage(opportunity, ad) {
      const truth = world.truthOf(opportunity, ad);
      const response = respond(opportunity, truth);
      tally.served(truth, response, (convert(ad.clearingPrice, ad.currency, 'PLN') ?? 0) / 1000);
      return {
        truth,
        clicks: response.clicked,
        ordersAfterClick: response.clicked && response.ordered,
        ordersWithoutClick: !response.clicked && response.ordered,
        orderValuePln: response.orderValuePln,
      };
    },
    withoutAd(opportunity) {
      const response = respond(opportunity, null);
      tally.unexposed(opportunity.truth.traits.propensity, response);
      return response;
    },
    outcomes: () => tally.summary(),
  };
  return world;
}
