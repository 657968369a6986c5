import type { OutcomeWorld, ServedImpression } from '@rtb/simulator';
import { adOf, BID_CURRENCY, type BidderView } from './bidder-view';

/** What a campaign bought: its bids, wins, spend (micro-units of the bid currency) and what followed. */
export interface Purchases {
  bids: number;
  wins: number;
  spendMicros: number;
  clicks: number;
  /** Orders after a click, as drawn. */
  conversions: number;
  /** The same expected from the truth: the sum of each impression's P(click) x P(order | click). */
  expectedConversions: number;
}

export const noPurchases = (): Purchases => ({
  bids: 0,
  wins: 0,
  spendMicros: 0,
  clicks: 0,
  conversions: 0,
  expectedConversions: 0,
});

/**
 * Our bid of `bidMicros` (per impression, the bid currency) in the opportunity's auction; when
 * it wins, the campaign's creative is shown and counted. The served impression, or null when lost.
 */
export function buy(
  world: OutcomeWorld,
  view: BidderView,
  creativesOf: number,
  bidMicros: number,
  purchases: Purchases,
): { served: ServedImpression; priceMicros: number } | null {
  purchases.bids += 1;
  const auction = world.auction(view.opportunity, bidMicros / 1000, BID_CURRENCY);
  if (!auction.won) return null;
  const priceMicros = Math.round(auction.clearingPrice * 1000);
  const served = world.engage(view.opportunity, {
    ...adOf(view, creativesOf),
    clearingPrice: auction.clearingPrice,
    currency: BID_CURRENCY,
  });
  purchases.wins += 1;
  purchases.spendMicros += priceMicros;
  purchases.clicks += served.clicks ? 1 : 0;
  purchases.conversions += served.ordersAfterClick ? 1 : 0;
  purchases.expectedConversions += served.truth.pClick * served.truth.pConversion;
  return { served, priceMicros };
}
