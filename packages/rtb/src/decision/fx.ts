import type { CurrencyRates } from '../types';

/** Rates are integers scaled by 1e8 (`numeric(18, 8)`). */
export const FX_SCALE = 100_000_000n;

/** Units of the base currency for one unit of `currency` (scaled 1e8); null when unknown or not positive. */
export function rateOf(currency: string, rates: CurrencyRates, baseCurrency: string): bigint | null {
  if (currency === baseCurrency) return FX_SCALE;
  const rate = rates.get(currency);
  return rate !== undefined && rate > 0n ? rate : null;
}

/**
 * Scaled rate (1e8) turning micro-units of `from` into micro-units of `to`; null when either has
 * no rate (the base currency's rate is 1e8). Rounded to the nearest 1e-8, so a conversion of an
 * amount under 1e8 micro-units is off by less than one micro-unit beyond its own rounding.
 */
export function fxRate(from: string, to: string, rates: CurrencyRates, baseCurrency: string): bigint | null {
  if (from === to) return FX_SCALE;
  const fromRate = rateOf(from, rates, baseCurrency);
  const toRate = rateOf(to, rates, baseCurrency);
  if (fromRate === null || toRate === null) return null;
  return (2n * fromRate * FX_SCALE + toRate) / (2n * toRate);
}

/** `amountMicros` times a scaled rate, rounded down or up to a whole micro-unit. */
export function convertMicros(amountMicros: number, fx: bigint, rounding: 'down' | 'up'): number {
  if (fx === FX_SCALE) return amountMicros;
  const product = BigInt(amountMicros) * fx;
  let result = product / FX_SCALE;
  const remainder = product % FX_SCALE;
  // BigInt division truncates toward zero; move to the floor or the ceiling as asked.
  if (remainder !== 0n) {
    if (rounding === 'down' && product < 0n) result -= 1n;
    if (rounding === 'up' && product > 0n) result += 1n;
  }
  return Number(result);
}
