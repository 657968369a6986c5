import { type AuctionType, rivalBids, runAuction } from './auction';
import { floorIn } from './floor';
import { convert } from './inventory';
import type { Engagement, Market } from './market';
import type { Random } from './random';
import type { Opportunity } from './request-generator';

/** Conversions without a click, per impression, relative to ctr x cvr. */
const VIEW_THROUGH_FACTOR = 0.5;
/** What rival buyers bid around when the imp has no floor (USD CPM). */
const TYPICAL_CPM_USD = 0.6;

export interface FlatRates {
  auction: AuctionType;
  /** Clicks per rendered impression. */
  ctr: number;
  /** Orders per click. */
  cvr: number;
  /** The median order's value in PLN (orders spread log-normally around it). */
  orderMedianPln: number;
}

/**
 * The same rates everywhere: two to six rivals bidding around the floor (or a typical price),
 * every rendered ad clicked at `ctr`, every click ordering at `cvr`. Loss notices tell no
 * minimum bid to win.
 */
export function flatMarket(random: Random, rates: FlatRates): Market<Opportunity> {
  return {
    auction({ request }, price, currency) {
      const floor = floorIn(request, currency);
      const around = Math.max(floor, convert(TYPICAL_CPM_USD, 'USD', currency) ?? TYPICAL_CPM_USD);
      const outcome = runAuction(
        [...rivalBids(random, around), { bidder: 'us', price }],
        floor,
        rates.auction,
      );
      if (outcome.winner === 'us') return { won: true, clearingPrice: outcome.clearingPrice };
      return { won: false, lossReason: price < floor ? 100 : 102, clearingPrice: outcome.clearingPrice };
    },
    engage() {
      const engagement = decideEngagement(random, rates);
      const orders = engagement.ordersAfterClick || engagement.ordersWithoutClick;
      return { ...engagement, orderValuePln: orders ? orderValuePln(random, rates.orderMedianPln) : 0 };
    },
  };
}

/** What the visitor does with a rendered ad: a click, an order after it, or an order without one. */
function decideEngagement(
  random: Random,
  rates: { ctr: number; cvr: number },
): Omit<Engagement, 'orderValuePln'> {
  const clicks = random.chance(rates.ctr);
  const ordersAfterClick = clicks && random.chance(rates.cvr);
  const ordersWithoutClick = !clicks && random.chance(rates.ctr * rates.cvr * VIEW_THROUGH_FACTOR);
  return { clicks, ordersAfterClick, ordersWithoutClick };
}

/** An order's value in PLN: log-normal around the median. */
const orderValuePln = (random: Random, medianPln: number) => random.logNormal(Math.log(medianPln), 0.6);
