import type { MatchedCandidate } from '../decision';
import { shadedBid } from './shaded-bid';
import type { WinRateCurve } from './win-rate-curve';

/**
 * How much of the win rate at its full price a shaded bid may give up: shading trades wins for a
 * lower price, and a campaign still needs most of its impressions to deliver.
 */
export const SHADING_WIN_RATE_SHARE = 0.5;

/**
 * The candidate's bid in a first-price auction, shaded on its segment's curve (`shadedBid`: the
 * most expected surplus, value being its full price, keeping at least `SHADING_WIN_RATE_SHARE` of
 * its win rate and the floor), with the full price it had (`unshadedMicros`, null when unshaded).
 * Its reservation stays what the full price reserved: the bid can only cost less.
 */
export function shadedCandidate(
  candidate: MatchedCandidate,
  auctionType: 1 | 2,
  curve: WinRateCurve | undefined,
): { candidate: MatchedCandidate; unshadedMicros: number | null } {
  const value = candidate.priceMicros;
  if (auctionType !== 1 || curve === undefined) return { candidate, unshadedMicros: null };
  const price = shadedBid({
    valueMicros: value,
    auctionType,
    curve,
    minWinRate: curve.winRate(value) * SHADING_WIN_RATE_SHARE,
    floorMicros: candidate.quote.floorMicros,
  });
  if (price >= value) return { candidate, unshadedMicros: null };
  return {
    candidate: { ...candidate, priceMicros: price, rankValue: price * candidate.quote.baseRate },
    unshadedMicros: value,
  };
}
