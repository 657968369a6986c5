import type { CostSplit } from '../types';
import { convertMicros } from './fx';

const BPS = 10_000n;

/** Margin and commission are whole basis points that leave something for the media. */
export function sharesValid(marginBps: number, commissionBps: number): boolean {
  return (
    Number.isInteger(marginBps) &&
    Number.isInteger(commissionBps) &&
    marginBps >= 0 &&
    commissionBps >= 0 &&
    marginBps + commissionBps < 10_000
  );
}

function assertShares(marginBps: number, commissionBps: number): void {
  if (!sharesValid(marginBps, commissionBps))
    throw new RangeError(
      `Margin ${marginBps} and commission ${commissionBps} bps must be whole and under 100 %.`,
    );
}

/** Net bid per impression from a gross CPM: maxCpmMicros / 1000 * (10000 - marginBps - commissionBps) / 10000, rounded down. */
export function netBidMicros(maxCpmMicros: number, marginBps: number, commissionBps: number): number {
  assertShares(marginBps, commissionBps);
  const net = (BigInt(maxCpmMicros) * (BPS - BigInt(marginBps) - BigInt(commissionBps))) / (1000n * BPS);
  return Number(net);
}

/**
 * A gross CPM's bid per impression (net, rounded down) and the most the impression may cost the
 * advertiser (gross, what a bid reserves); null when nothing is left to bid after margin and
 * commission.
 */
export function impressionPrices(
  cpmMicros: number,
  marginBps: number,
  commissionBps: number,
): { netBidMicros: number; maxCostMicros: number } | null {
  if (!sharesValid(marginBps, commissionBps)) return null;
  const net = netBidMicros(cpmMicros, marginBps, commissionBps);
  if (net <= 0) return null;
  const gross = splitCost(net, marginBps, commissionBps).grossMicros;
  // Grossing the rounded-down net up again never passes the CPM's share when that is whole.
  return { netBidMicros: net, maxCostMicros: Math.min(gross, Math.floor(cpmMicros / 1000)) };
}

/**
 * What an impression cleared at (net, advertiser currency) costs the advertiser, split exactly:
 * gross = media + margin + commission. Gross is rounded up (the platform never pays the media
 * out of its own pocket), commission down, and the margin takes the remainder.
 */
export function splitCost(mediaMicros: number, marginBps: number, commissionBps: number): CostSplit {
  assertShares(marginBps, commissionBps);
  if (!Number.isSafeInteger(mediaMicros) || mediaMicros < 0)
    throw new RangeError(`Media cost ${mediaMicros} must be a whole non-negative number of micro-units.`);
  const media = BigInt(mediaMicros);
  const netShare = BPS - BigInt(marginBps) - BigInt(commissionBps);
  const gross = (media * BPS + netShare - 1n) / netShare;
  if (gross > BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`Cost of ${mediaMicros} grossed up is too large.`);
  const commission = (gross * BigInt(commissionBps)) / BPS;
  return {
    grossMicros: Number(gross),
    mediaMicros,
    marginMicros: Number(gross - media - commission),
    commissionMicros: Number(commission),
  };
}

/**
 * What a billed impression costs the advertiser: the clearing price (micro-units of the bid
 * currency) turned into its currency rounding up, grossed up and split. The media part is capped
 * so that the gross never passes what the bid reserved (`maxCostMicros`): currency rounding can
 * put a clearing price at the bid a micro-unit above it.
 */
export function clearingCost(
  clearingPriceMicros: number,
  fxToAdvertiser: bigint,
  marginBps: number,
  commissionBps: number,
  maxCostMicros: number,
): CostSplit {
  assertShares(marginBps, commissionBps);
  const media = convertMicros(clearingPriceMicros, fxToAdvertiser, 'up');
  const netShare = BPS - BigInt(marginBps) - BigInt(commissionBps);
  const mostMedia = Number((BigInt(maxCostMicros) * netShare) / BPS);
  return splitCost(Math.min(media, mostMedia), marginBps, commissionBps);
}
