import { runAuction } from '../auction';
import { floorIn } from '../floor';
import { convert } from '../inventory';
import type { MarketAuction } from '../market';
import { ceilMicros, roundMicros } from './micros';
import type { OutcomeOpportunity } from './types';

/**
 * Our bid (CPM in `currency`) against the floor and the highest rival bid drawn for this
 * opportunity, in the exchange's auction type. Prices are whole micro-units of the bid's
 * currency and a tie goes to us, so the minimum bid to win is exactly the higher of the floor
 * and the rival's bid: bidding it wins, a micro-unit less loses.
 */
export function resolveAuction(
  { request, truth }: OutcomeOpportunity,
  price: number,
  currency: string,
): MarketAuction {
  const perUsd = convert(1, 'USD', currency);
  if (perUsd === null) throw new Error(`the exchange converts no ${currency}`);
  const floor = ceilMicros(floorIn(request, currency));
  const rival =
    truth.competition.highestUsd === null ? null : roundMicros(truth.competition.highestUsd * perUsd);
  const outcome = runAuction(
    [{ bidder: 'us', price }, ...(rival === null ? [] : [{ bidder: 'rival', price: rival }])],
    floor,
    truth.auction,
  );
  if (outcome.winner === 'us') return { won: true, clearingPrice: outcome.clearingPrice };
  return {
    won: false,
    lossReason: price < floor ? 100 : 102,
    clearingPrice: outcome.clearingPrice,
    ...(truth.tellsMinToWin ? { minToWin: Math.max(floor, rival ?? 0) } : {}),
  };
}
