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
  /** N(mu, sigma). */
  normal(mu: number, sigma: number): number;
  /** exp(N(mu, sigma)): prices cluster around e^mu with a long upper tail. */
  logNormal(mu: number, sigma: number): number;
  /** `length` lowercase hex digits. */
  hex(length: number): string;
}

export function createRandom(seed: number): Random {
  return new Mulberry32(seed);
}

/** A class, so that a new stream is cheap to make (the outcome world makes one per opportunity). */
class Mulberry32 implements Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  weighted<T>(items: readonly { weight: number; value: T }[]): T {
    const total = items.reduce((sum, item) => sum + item.weight, 0);
    let left = this.next() * total;
    for (const item of items) {
      left -= item.weight;
      if (left < 0) return item.value;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last.value;
  }

  normal(mu: number, sigma: number): number {
    // Box-Muller; 1 - next() keeps the logarithm away from 0.
    const z = Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
    return mu + sigma * z;
  }

  logNormal(mu: number, sigma: number): number {
    return Math.exp(this.normal(mu, sigma));
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }
}
