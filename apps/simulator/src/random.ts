/** A seeded source of randomness (mulberry32): the same seed gives the same traffic. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Whole number in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One item drawn in proportion to its weight. */
  weighted<T>(items: readonly { weight: number; value: T }[]): T;
  /** exp(N(mu, sigma)): prices cluster around e^mu with a long upper tail. */
  logNormal(mu: number, sigma: number): number;
  /** `length` lowercase hex digits. */
  hex(length: number): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (items) => {
      const total = items.reduce((sum, item) => sum + item.weight, 0);
      let left = next() * total;
      for (const item of items) {
        left -= item.weight;
        if (left < 0) return item.value;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last.value;
    },
    logNormal: (mu, sigma) => {
      // Box-Muller; 1 - next() keeps the logarithm away from 0.
      const z = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
      return Math.exp(mu + sigma * z);
    },
    hex: (length) => {
      let out = '';
      while (out.length < length) out += Math.floor(next() * 16).toString(16);
      return out;
    },
  };
  return random;
}
