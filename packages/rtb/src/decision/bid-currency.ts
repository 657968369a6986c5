import type { BidRequestFacts, CurrencyRates, ImpFacts } from '../types';
import { convertMicros, fxRate, rateOf } from './fx';

/** How a campaign of one currency bids on one imp. */
export interface CurrencyQuote {
  /** The currency of the bid: the campaign's own when the request takes it, else the first it takes that converts. */
  currency: string;
  /** Campaign-currency micro-units to bid-currency ones, and back (both scaled 1e8). */
  fxToBid: bigint;
  fxToAdvertiser: bigint;
  /** The imp's floor in the bid currency, rounded up. */
  floorMicros: number;
  /** Units of the base currency per unit of the bid currency (scaled 1e8), to compare bids in different currencies. */
  baseRate: number;
}

export interface Money {
  rates: CurrencyRates;
  baseCurrency: string;
}

/** The currencies a bid may be in: the request's `cur`, else the exchange default. */
export const acceptedCurrencies = (request: BidRequestFacts): readonly string[] =>
  request.currencies.length > 0 ? request.currencies : ['USD'];

/** How a campaign in `campaignCurrency` bids on `imp`; null when no currency or the floor cannot be converted. */
export function quoteFor(
  campaignCurrency: string,
  accepted: readonly string[],
  imp: ImpFacts,
  { rates, baseCurrency }: Money,
): CurrencyQuote | null {
  const currency = accepted.includes(campaignCurrency)
    ? campaignCurrency
    : accepted.find((candidate) => fxRate(campaignCurrency, candidate, rates, baseCurrency) !== null);
  if (currency === undefined) return null;
  const fxToBid = fxRate(campaignCurrency, currency, rates, baseCurrency);
  const fxToAdvertiser = fxRate(currency, campaignCurrency, rates, baseCurrency);
  const baseRate = rateOf(currency, rates, baseCurrency);
  if (fxToBid === null || fxToAdvertiser === null || baseRate === null) return null;
  let floorMicros = 0;
  if (imp.floorMicros > 0) {
    const fxFloor = fxRate(imp.floorCurrency, currency, rates, baseCurrency);
    if (fxFloor === null) return null;
    floorMicros = convertMicros(imp.floorMicros, fxFloor, 'up');
  }
  return { currency, fxToBid, fxToAdvertiser, floorMicros, baseRate: Number(baseRate) };
}
