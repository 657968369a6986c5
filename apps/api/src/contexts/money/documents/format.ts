/** The number format of a mail's or document's language. */
const numberLocale = (locale: string) => (locale === 'pl' ? 'pl-PL' : 'en-GB');

/** Minor units with its currency code: `1,230.00 PLN` (en), `1 230,00 PLN` (pl). */
export function formatMoney(minor: number, currencyCode: string, locale = 'en', minorUnits = 2): string {
  return `${formatAmount(minor, locale, minorUnits)} ${currencyCode}`;
}

/**
 * Minor units as an amount: `1,230.00` (en), `1 230,00` (pl). Exact for any integer: the whole
 * part is formatted as a BigInt, never through a float.
 */
export function formatAmount(minor: number, locale = 'en', minorUnits = 2): string {
  const format = new Intl.NumberFormat(numberLocale(locale));
  const scale = 10n ** BigInt(minorUnits);
  const value = BigInt(minor);
  const magnitude = value < 0n ? -value : value;
  const whole = format.format(magnitude / scale);
  const decimal = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const fraction = minorUnits > 0 ? `${decimal}${String(magnitude % scale).padStart(minorUnits, '0')}` : '';
  return `${value < 0n ? '-' : ''}${whole}${fraction}`;
}
