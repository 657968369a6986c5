import { sampleBeta } from './random-variates';

/** A Beta prior on a rate: `alpha` successes and `beta` failures seen before any data. */
export interface BetaPrior {
  alpha: number;
  beta: number;
}

/**
 * The prior of a rate known on average (the platform's for similar inventory), worth `strength`
 * trials of evidence: a new campaign starts there and its own data takes over as it grows.
 */
export function betaPrior(meanRate: number, strength: number): BetaPrior {
  if (!(meanRate > 0 && meanRate < 1) || !(strength > 0))
    throw new RangeError(
      `A prior needs a rate strictly between 0 and 1 (${meanRate}) and a positive strength (${strength}).`,
    );
  return { alpha: meanRate * strength, beta: (1 - meanRate) * strength };
}

/** What an arm (a creative, a domain) has shown: clicks of impressions, conversions of clicks. */
export interface ArmCounts {
  successes: number;
  trials: number;
}

/**
 * Thompson sampling: the arm whose rate, drawn from its Beta posterior, is highest. Arms with
 * little data draw widely and so get tried (exploration); a clearly better arm wins nearly every
 * draw. The index of the arm, -1 when there is none.
 */
export function thompsonPick(arms: readonly ArmCounts[], prior: BetaPrior, random: () => number): number {
  let best = -1;
  let bestDraw = Number.NEGATIVE_INFINITY;
  arms.forEach(({ successes, trials }, arm) => {
    const hits = Math.max(0, Math.min(successes, trials));
    const draw = sampleBeta(prior.alpha + hits, prior.beta + Math.max(0, trials - hits), random);
    if (draw > bestDraw) {
      best = arm;
      bestDraw = draw;
    }
  });
  return best;
}
