import type { DemoProduct } from '../demo-shop';
import { createRequestGenerator } from '../request-generator';
import { competitionOf, drawHighestRival } from './competition';
import { exchangeShares } from './exchanges';
import { contextOf } from './features';
import type { HiddenEffect } from './hidden-effects';
import { keyedRandom } from './keyed-random';
import { drawOrderProduct } from './orders';
import { drawVisit } from './shop-browsing';
import { clickEffects, conversionEffects } from './true-effects';
import type { OutcomeOpportunity, OutcomeWorldOptions, UserTraits } from './types';
import { traitsOf } from './user-traits';
import { utcOffsetMinutes } from './utc-offset';

const DEFAULT_VISIT_RATE = 0.002;
const SIMULATED_START = Date.UTC(2025, 0, 6);
const DEFAULT_STEP_MS = 10_000;
/** Where the request does not say where the slot is, this share of slots is above the fold. */
const ABOVE_THE_FOLD = 0.4;

/**
 * The world's opportunities: each a request of the request generator, sent by one of the
 * exchanges (its auction type and supply chain set, the visitor's UTC offset told), and what
 * the bidder cannot see: the visitor's traits, its visit to the shop just before, where the
 * slot really is, the rivals' highest bid, the impression's noise and what the visitor would buy.
 */
export function createOpportunityStream(
  seed: number,
  options: OutcomeWorldOptions & { propensity: number; hidden: HiddenEffect },
): { next(): OutcomeOpportunity } {
  const generator = createRequestGenerator({
    seed,
    auction: options.auction ?? 'first',
    runId: options.runId,
    usersPerKind: options.usersPerKind,
    securePages: options.securePages,
  });
  const random = keyedRandom(seed, 'world');
  const stepMs = options.stepMs ?? DEFAULT_STEP_MS;
  let count = 0;
  const now = options.now ?? (() => SIMULATED_START + (count - 1) * stepMs);
  const medians = { propensity: options.propensity, visitRate: options.visitRate ?? DEFAULT_VISIT_RATE };
  const traitsById = new Map<string, UserTraits>();
  const lastViews = new Map<string, { at: number; product: DemoProduct }>();

  return {
    next() {
      count += 1;
      const { request, user } = generator.next();
      const at = now();
      const exchange = random.weighted(exchangeShares);
      const auction = options.auction ?? exchange.auction;
      request.at = auction === 'first' ? 1 : 2;
      const publisher = request.site?.publisher ?? request.app?.publisher;
      request.source.schain = {
        complete: 1,
        ver: '1.0',
        nodes: [{ asi: exchange.domain, sid: publisher?.id ?? '', hp: 1 }],
      };
      let traits = traitsById.get(user.exchangeId);
      if (!traits) {
        traits = traitsOf(seed, medians, user);
        traitsById.set(user.exchangeId, traits);
      }
      const views = user.device.inApp ? [] : drawVisit(random, traits);
      const viewed = views[views.length - 1];
      if (viewed) lastViews.set(user.exchangeId, { at, product: viewed });
      const lastView = lastViews.get(user.exchangeId) ?? null;
      const pos = request.imp[0]?.banner.pos;
      const position = pos === 1 || (pos !== 3 && random.chance(ABOVE_THE_FOLD)) ? 'above' : 'below';
      const context = contextOf({
        request,
        exchange: exchange.domain,
        traits,
        position,
        lastViewAt: lastView?.at ?? null,
        at,
      });
      request.device.geo.utcoffset = utcOffsetMinutes(context.localHour, at);
      const competition = competitionOf(options.hidden, exchange, context);
      const recentView = context.recency === 'never' || context.recency === 'older' ? null : lastView;
      return {
        request,
        user,
        views,
        truth: {
          index: count,
          at,
          auction,
          tellsMinToWin: exchange.tellsMinToWin,
          traits,
          context,
          competition: { ...competition, highestUsd: drawHighestRival(random, competition) },
          clickNoise: random.normal(0, clickEffects.noise),
          conversionNoise: random.normal(0, conversionEffects.noise),
          product: drawOrderProduct(random, traits, recentView?.product ?? null),
        },
      };
    },
  };
}
