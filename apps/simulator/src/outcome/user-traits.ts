import type { Random } from '../random';
import type { SimulatedUser } from '../users';
import { keyedRandom } from './keyed-random';
import { logit, sigmoid } from './logistic';
import { productCategories } from './shop-browsing';
import { drawTimeZone } from './time-zones';
import type { UserTraits } from './types';

/** How far visitors' propensities spread around the median's (log-odds). */
const PROPENSITY_SPREAD = 0.8;
/** The keenest visitors browse the shop at most this many times as often as the median one. */
const MAX_VISIT_FACTOR = 10;

/**
 * The visitor's hidden traits: drawn from the seed and its id, so the same at every return.
 * Keener buyers browse the shop more often than the median visitor (`medians.visitRate`).
 */
export function traitsOf(
  seed: number,
  medians: { propensity: number; visitRate: number },
  user: SimulatedUser,
): UserTraits {
  const random = keyedRandom(seed, 'user', user.exchangeId);
  const propensity = sigmoid(logit(medians.propensity) + random.normal(0, PROPENSITY_SPREAD));
  const keenness = Math.min(MAX_VISIT_FACTOR, Math.sqrt(propensity / medians.propensity));
  return {
    interests: drawInterests(random),
    propensity,
    visitRate: medians.visitRate * keenness,
    timeZone: drawTimeZone(random, user.country),
  };
}

/** One or two of the shop's categories. */
function drawInterests(random: Random): string[] {
  const first = random.pick(productCategories);
  if (random.chance(0.5)) return [first];
  const second = random.pick(productCategories.filter((category) => category !== first));
  return [first, second];
}
