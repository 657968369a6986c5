import { minorOfMicros } from '../../../core/money';
import { formatMoney } from '../../money';

/** The number format of a mail's language (as the other mails: Polish, else English). */
const numberLocale = (locale: string) => (locale === 'pl' ? 'pl-PL' : 'en-GB');

/** A dash where a figure has nothing to divide by (as the reports page shows it). */
export const NO_VALUE = '–';

/** A count grouped in the mail's language: `12,345` (en), `12 345` (pl). */
export const formatCount = (value: number, locale: string) =>
  new Intl.NumberFormat(numberLocale(locale)).format(value);

/** A ratio (0.0123) as a percent with 2 decimals, as the reports page shows CTR and ROAS: `1.23%`. */
export const formatRatio = (ratio: number | null, locale: string) =>
  ratio === null
    ? NO_VALUE
    : `${new Intl.NumberFormat(numberLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(ratio * 100)}%`;

/**
 * Micro-units of the currency as money with its code, rounded half up to the minor unit:
 * `1,234.57 PLN` (en), `1234,57 PLN` (pl).
 */
export const formatMicros = (micros: number, currency: string, locale: string, minorUnits: number) =>
  formatMoney(Number(minorOfMicros(BigInt(micros), minorUnits)), currency, locale, minorUnits);

/** Minor units as money with the currency code, in the mail's language. */
export const formatMinor = (minor: number, currency: string, locale: string, minorUnits: number) =>
  formatMoney(minor, currency, locale, minorUnits);

/**
 * The change from the week before, relative, with its sign and one decimal: `+12.5%`, `-3.3%`,
 * `0.0%`; a dash when the week before had nothing to compare with (zero or no value).
 */
export function formatChange(current: number | null, previous: number | null, locale: string): string {
  if (current === null || previous === null || previous === 0) return NO_VALUE;
  const change = ((current - previous) / previous) * 100;
  return `${new Intl.NumberFormat(numberLocale(locale), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(change)}%`;
}

/** A day (`YYYY-MM-DD`) as DD.MM.YYYY (spec section 9). */
export const formatDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
