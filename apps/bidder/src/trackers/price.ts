import { clearingCost } from '@rtb/rtb';
import type { BidToken } from '../bid-token';

const CPM_PRICE = /^(\d{1,12})(?:\.(\d{1,30}))?$/;

/**
 * `${AUCTION_PRICE}` as the exchange substituted it: a CPM in currency units (OpenRTB), turned
 * exactly into micro-units per impression (CPM x 1e6 / 1000, rounded down) without floats. Null
 * when it is missing, unsubstituted or not a plain non-negative decimal.
 */
export function clearingMicrosOf(price: unknown): number | null {
  if (typeof price !== 'string') return null;
  const match = CPM_PRICE.exec(price.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(BigInt(whole) * 1000n + (BigInt(fraction || '0') * 1000n) / 10n ** BigInt(fraction.length));
}

/**
 * What an impression bought at `clearingMicros` (bid currency) costs the advertiser, in its
 * currency: converted with the bid's rate, grossed up by margin and commission, never above what
 * the bid reserved (packages/rtb `clearingCost`).
 */
export function impressionCost(token: BidToken, clearingMicros: number) {
  return clearingCost(clearingMicros, BigInt(token.fx), token.mbps, token.cbps, token.res);
}
