/**
 * What a notice says of one of our first-price bids (micro-units per impression): won at the
 * price (the highest other bid was under it), or lost (it was at or above), with the minimum bid
 * that would have won when the exchange's loss notice gives it (`${AUCTION_MIN_TO_WIN}`).
 */
export type AuctionOutcome =
  | { kind: 'won'; bidMicros: number }
  | { kind: 'lost'; bidMicros: number; minToWinMicros: number | null };
