import type { WinRateCurve } from './win-rate-curve';

/** Fewer outcomes than this, and a segment's curve is a guess: the bid goes unshaded. */
export const MIN_SHADING_OBSERVATIONS = 500;

export interface ShadingInput {
  /** What the impression is worth to us: the unshaded bid, micro-units per impression. */
  valueMicros: number;
  /** 1 first price (shaded), 2 second price (never: the winner pays the next bid anyway). */
  auctionType: 1 | 2;
  curve: WinRateCurve;
  /** The win rate the campaign needs to deliver (0..1): the bid is never shaded below it. */
  minWinRate: number;
  /** The imp's floor in the bid's currency: a bid under it cannot win. */
  floorMicros?: number;
  minObservations?: number;
}

/** Points of the first look over the allowed prices; the best is then refined to the micro-unit. */
const GRID = 64;

/** The lowest price in [low, high] the curve gives `rate` at; null when even `high` falls short. */
function lowestPriceAt(curve: WinRateCurve, rate: number, low: number, high: number): number | null {
  if (curve.winRate(high) < rate) return null;
  let [below, at] = [low - 1, high];
  while (at - below > 1) {
    const middle = Math.floor((below + at) / 2);
    if (curve.winRate(middle) >= rate) at = middle;
    else below = middle;
  }
  return at;
}

/** The whole price in [low, high] of most surplus, (value - b) x W(b): a grid, then a ternary search around its best. */
function mostSurplus(curve: WinRateCurve, value: number, low: number, high: number): number {
  const surplus = (price: number) => (value - price) * curve.winRate(price);
  const at = (k: number) => Math.round(low + ((high - low) * k) / GRID);
  let best = 0;
  for (let k = 1; k <= GRID; k += 1) if (surplus(at(k)) > surplus(at(best))) best = k;
  let [left, right] = [at(Math.max(0, best - 1)), at(Math.min(GRID, best + 1))];
  while (right - left > 2) {
    const third = Math.floor((right - left) / 3);
    if (surplus(left + third) < surplus(right - third)) left += third;
    else right -= third;
  }
  let price = left;
  for (let candidate = left + 1; candidate <= right; candidate += 1)
    if (surplus(candidate) > surplus(price)) price = candidate;
  return price;
}

/**
 * The bid for a first-price auction: the price b <= value that maximises the expected surplus
 * (value - b) x W(b), among those that keep W(b) >= minWinRate and reach the floor. The value
 * itself in a second-price auction, on a curve learned from too few outcomes, or when even the
 * value does not win often enough. Whole micro-units.
 */
export function shadedBid(input: ShadingInput): number {
  const { valueMicros: value, curve } = input;
  if (input.auctionType !== 1 || curve.observations < (input.minObservations ?? MIN_SHADING_OBSERVATIONS))
    return value;
  const floor = Math.max(1, Math.ceil(input.floorMicros ?? 0));
  if (floor >= value) return value;
  const lowest = input.minWinRate > 0 ? lowestPriceAt(curve, input.minWinRate, floor, value) : floor;
  return lowest === null ? value : mostSurplus(curve, value, lowest, value);
}
