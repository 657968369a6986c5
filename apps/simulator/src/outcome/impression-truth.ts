import type { HiddenEffect } from './hidden-effects';
import { logit, sigmoid } from './logistic';
import { meanOverNoise } from './noise-average';
import { expectedOrderPln } from './orders';
import { clickEffects, conversionEffects, type LogitEffects } from './true-effects';
import { trueLogit } from './true-logit';
import type { AdChoice, ImpressionTruth, OutcomeOpportunity, OutcomeRates } from './types';

/**
 * The true probabilities of showing `ad` at this opportunity: click, order after a click, order
 * without one, order without any ad, and the lift of the exposure. A pure function of the world
 * (its hidden effects, its rates), the opportunity and the ad: asking twice gives the same.
 */
export function impressionTruthOf(
  world: { hidden: HiddenEffect; rates: OutcomeRates },
  { request, truth }: OutcomeOpportunity,
  ad: AdChoice,
): ImpressionTruth {
  const { rates } = world;
  const size = ad.w && ad.h ? `${ad.w}x${ad.h}` : truth.context.slotSize;
  const model = { hidden: world.hidden, medianPropensity: rates.propensity };
  const features = { campaignId: ad.campaignId, creativeId: ad.creativeId, size };
  const logitOf = (name: 'click' | 'conversion', intercept: number, effects: LogitEffects) =>
    trueLogit(model, { name, intercept, effects }, truth.context, truth.traits, features);
  const clickLogit = logitOf('click', logit(rates.ctr), clickEffects);
  const conversionLogit = logitOf('conversion', logit(rates.cvr), conversionEffects);
  const pClick = sigmoid(clickLogit + truth.clickNoise);
  const pConversion = sigmoid(conversionLogit + truth.conversionNoise);
  const pViewThrough = Math.min(1, rates.viewThrough * pClick * pConversion);
  const incremental = pClick * pConversion + (1 - pClick) * pViewThrough;
  const pOrganic = truth.traits.propensity;
  const pOrderExposed = 1 - (1 - pOrganic) * (1 - incremental);
  return {
    auctionId: request.id,
    campaignId: ad.campaignId,
    creativeId: ad.creativeId,
    size,
    pClick,
    pClickFromFeatures: meanOverNoise(clickLogit, clickEffects.noise),
    pConversion,
    pConversionFromFeatures: meanOverNoise(conversionLogit, conversionEffects.noise),
    pViewThrough,
    pOrganic,
    pOrderExposed,
    lift: pOrderExposed - pOrganic,
    productId: truth.product.id,
    expectedOrderPln: expectedOrderPln(truth.product),
  };
}
