/** The chance of winning an inventory segment's auction at a price: non-decreasing in the price. */
export interface WinRateCurve {
  /** How many auction outcomes it was learned from: too few, and it is not trusted. */
  readonly observations: number;
  /** P(win) at a bid of `priceMicros` (micro-units per impression, as the bids). */
  winRate(priceMicros: number): number;
}
