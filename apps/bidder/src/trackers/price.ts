import type { BidToken } from '../bid-token';
import { splitCost } from './split-cost';

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

/** What an impression bought at `clearingMicros` (bid currency) costs the advertiser, in its currency. */
export function impressionCost(token: BidToken, clearingMicros: number) {
  // `fx`: advertiser micro-units per bid-currency micro-unit, scaled by 1e8.
  const media = Number((BigInt(clearingMicros) * BigInt(token.fx)) / 100_000_000n);
  return splitCost(media, token.mbps, token.cbps);
}
