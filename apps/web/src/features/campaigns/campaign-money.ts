import { type CurrencyLike, formatMoney } from '../../lib/format';

/** Micro-units per minor unit (the bidder counts spend in millionths of the currency). */
export const MICROS_PER_MINOR = 10_000;

/**
 * Minor units in a campaign's currency, per spec section 9: with the symbol of the currency its
 * code names (`useCurrencyOf`), else the code.
 */
export const campaignMoney = (minorUnits: number, currency: CurrencyLike) =>
  formatMoney(minorUnits, currency, currency.code);

/** Spend counted in micro-units, in the campaign's currency. */
export const campaignSpend = (micros: number, currency: CurrencyLike) =>
  campaignMoney(micros / MICROS_PER_MINOR, currency);
