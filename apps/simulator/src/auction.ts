import type { Random } from './random';

export type AuctionType = 'first' | 'second';

export interface AuctionBid {
  bidder: string;
  /** CPM in the auction's currency. */
  price: number;
}

export type AuctionOutcome =
  | { winner: string; clearingPrice: number }
  | { winner: null; clearingPrice: null };

/** Second-price auctions charge this much above the runner-up (or the floor). */
export const PRICE_INCREMENT = 0.01;

/**
 * Runs one auction: bids below the floor are out; the highest bid wins (the earlier bid on a
 * tie). First price: the winner pays its bid. Second price: the higher of the runner-up and the
 * floor, plus one cent, never more than the winner bid.
 */
export function runAuction(bids: readonly AuctionBid[], floor: number, type: AuctionType): AuctionOutcome {
  const eligible = bids.filter((bid) => bid.price > 0 && bid.price >= floor);
  let best: AuctionBid | undefined;
  let runnerUp = 0;
  for (const bid of eligible) {
    if (!best || bid.price > best.price) {
      runnerUp = best?.price ?? runnerUp;
      best = bid;
    } else runnerUp = Math.max(runnerUp, bid.price);
  }
  if (!best) return { winner: null, clearingPrice: null };
  const clearingPrice =
    type === 'first'
      ? best.price
      : Math.min(best.price, roundCents(Math.max(runnerUp, floor) + PRICE_INCREMENT));
  return { winner: best.bidder, clearingPrice };
}

/**
 * The other buyers in an auction: two to six of them, each bidding three times in four, around
 * `around` (log-normal: half below it, a few far above; the caller passes the floor or a
 * typical price when there is none).
 */
export function rivalBids(random: Random, around: number): AuctionBid[] {
  const bids: AuctionBid[] = [];
  const count = random.int(2, 6);
  for (let i = 1; i <= count; i++)
    if (random.chance(0.75))
      bids.push({ bidder: `rival-${i}`, price: roundCents(around * random.logNormal(0, 0.45)) });
  return bids;
}

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
