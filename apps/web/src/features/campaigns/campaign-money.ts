import { formatMoney } from '../../lib/format';

/** Micro-units per minor unit (the bidder counts spend in millionths of the currency). */
const MICROS_PER_MINOR = 10_000;

/** Minor units in the campaign's currency (its ISO code), per spec section 9. */
export const campaignMoney = (minorUnits: number, currency: string) =>
  formatMoney(minorUnits, { code: currency }, currency);

/** Spend counted in micro-units, in the campaign's currency. */
export const campaignSpend = (micros: number, currency: string) =>
  campaignMoney(micros / MICROS_PER_MINOR, currency);
