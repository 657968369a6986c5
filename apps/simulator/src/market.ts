import type { Opportunity } from './request-generator';

/** OpenRTB 2.6 loss reasons (list 5.25) the simulated exchanges send: below the floor, outbid. */
export type LossReason = 100 | 102;

/** How the auction for our bid went, as the exchange's notices tell it. */
export type MarketAuction =
  | { won: true /** What we pay: CPM in the bid's currency. */; clearingPrice: number }
  | {
      won: false;
      lossReason: LossReason;
      /** What the winner pays (CPM, the bid's currency); null when nobody won. */
      clearingPrice: number | null;
      /** The lowest bid that would have won (`${AUCTION_MIN_TO_WIN}`), where the exchange tells it. */
      minToWin?: number;
    };

/** The ad the visitor saw: the winning bid's campaign, creative and size, and its price. */
export interface ServedAd {
  campaignId: string;
  creativeId: string;
  w?: number;
  h?: number;
  /** CPM in `currency`. */
  clearingPrice: number;
  currency: string;
}

/** What the visitor does with a rendered ad. */
export interface Engagement {
  clicks: boolean;
  /** An order after the click (the shopper checks out first). */
  ordersAfterClick: boolean;
  /** An order without a click. */
  ordersWithoutClick: boolean;
  /** The order's value in PLN, when there is one. */
  orderValuePln: number;
}

/**
 * The world around our bidder: the other buyers in each auction and the visitors who see the
 * ads. The exchange asks it; a flat market (fixed rates) and the outcome world (a hidden true
 * model) answer.
 */
export interface Market<O extends Opportunity> {
  /** Our bid (CPM in `currency`) against the other buyers and the floor. */
  auction(opportunity: O, price: number, currency: string): MarketAuction;
  engage(opportunity: O, ad: ServedAd): Engagement;
}
