import { type CurrencyLike, formatMoney, MICROS_PER_MINOR } from '../../lib/format';

/**
 * Minor units in a campaign's currency, per spec section 9: with the symbol of the currency its
 * code names (`useCurrencyOf`), else the code.
 */
export const campaignMoney = (minorUnits: number, currency: CurrencyLike) =>
  formatMoney(minorUnits, currency, currency.code);

/** An amount counted in micro-units (spend, a target CPC or CPA), in the campaign's currency. */
export const campaignSpend = (micros: number, currency: CurrencyLike) =>
  campaignMoney(micros / MICROS_PER_MINOR, currency);
