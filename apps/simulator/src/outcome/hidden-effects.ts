import { keyedRandom } from './keyed-random';

/** A hidden effect of a named thing (a placement, a campaign): N(0, sigma), the same whenever asked. */
export type HiddenEffect = (sigma: number, ...names: readonly string[]) => number;

/**
 * The world's hidden effects, each drawn once from the seed and its names and then remembered
 * (the names are few: placements, countries, exchanges, campaigns and creatives).
 */
export function hiddenEffects(seed: number): HiddenEffect {
  const drawn = new Map<string, number>();
  return (sigma, ...names) => {
    if (sigma === 0) return 0;
    const key = names.join('\u0000');
    let z = drawn.get(key);
    if (z === undefined) {
      z = keyedRandom(seed, 'hidden', ...names).normal(0, 1);
      drawn.set(key, z);
    }
    return sigma * z;
  };
}
