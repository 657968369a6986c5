import type { ProductPrice } from '@rtb/shared';

const currencies = new Set(Intl.supportedValuesOf('currency'));

/** An amount, then optionally an ISO 4217 code: `15.00 USD`, `15 USD`, `15.00`, `15,99 PLN`. */
const pricePattern = /^([0-9.,]+)\s*([A-Za-z]{3})?$/;
/**
 * A dot is the decimal separator (up to 6 decimals, the precision of micros). A comma is one
 * only as in `15,99` (one or two digits after it, no dot): `1,234` could be a thousand or one
 * and a bit, so it and any thousands separators (`1,234.50`) are refused rather than guessed.
 * At most 9 integer digits keep the micros an exact integer.
 */
const dotAmount = /^(\d{1,9})(?:\.(\d{1,6}))?$/;
const commaAmount = /^(\d{1,9}),(\d{1,2})$/;

/** Parses a feed price without floating point; null when it is not one (invalid_price). */
export function parsePrice(text: string): ProductPrice | null {
  const price = pricePattern.exec(text);
  if (!price?.[1]) return null;
  const amount = dotAmount.exec(price[1]) ?? commaAmount.exec(price[1]);
  if (!amount?.[1]) return null;
  const currency = price[2]?.toUpperCase() ?? null;
  if (currency !== null && !currencies.has(currency)) return null;
  const micros = Number(amount[1]) * 1_000_000 + Number((amount[2] ?? '').padEnd(6, '0'));
  return { micros, currency };
}
