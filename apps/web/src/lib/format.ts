import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/pl';
import utc from 'dayjs/plugin/utc';
import { i18n } from './i18n';

dayjs.extend(utc);
/** The interface uses the Polish date locale; en-GB weeks start on Monday too (spec section 1). */
dayjs.locale('pl');

/** The user's language: numbers, money and country names follow it. */
const currentLanguage = () => i18n.language || 'en';

/** Display formats of spec section 9. */
export const dateFormats = {
  dateTime: 'DD.MM.YYYY HH:mm',
  date: 'DD.MM.YYYY',
  dayMonth: 'DD.MM',
  time: 'HH:mm',
} as const;

/** An API datetime (UTC `YYYY-MM-DD HH:mm:ss`) in the user's local time; now when absent. */
export function formatDateTime(
  value: string | null | undefined,
  format: keyof typeof dateFormats = 'dateTime',
) {
  const moment = value ? dayjs.utc(value, 'YYYY-MM-DD HH:mm:ss').local() : dayjs();
  return moment.format(dateFormats[format]);
}

/**
 * Micro-units (the bidder's millionths of a currency: spend, targets, product prices) per minor
 * unit of the two-decimal amounts the panel shows.
 */
export const MICROS_PER_MINOR = 10_000;

export interface CurrencyLike {
  code: string;
  symbol?: string | null;
}

/** How money names its currency: the symbol configured on the platform, else the ISO code. */
export const currencySymbol = (currency: CurrencyLike): string => currency.symbol || currency.code;

/** A number grouped and with the decimal separator of the user's language. */
export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  language: string = currentLanguage(),
): string {
  return new Intl.NumberFormat(language, options).format(value);
}

/**
 * Minor units as an amount with 2 decimals followed by the currency symbol or ISO code, in the
 * user's language (en '1,234.56 zł', pl '1234,56 zł', '99 999,00 zł'); 'Currency not set'
 * without a currency (spec section 5).
 */
export function formatMoney(
  minorUnits: number,
  currency: CurrencyLike | null | undefined,
  notSet: string,
  language: string = currentLanguage(),
): string {
  if (!currency) return notSet;
  const amount = formatNumber(
    minorUnits / 100,
    { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    language,
  );
  return `${amount} ${currencySymbol(currency)}`;
}

/** A commission or tax percent rounded to 2 decimals with '%' (en '12.35%', pl '12,35%'). */
export function formatPercent(value: number | string, language: string = currentLanguage()): string {
  return `${formatNumber(Number(value), { minimumFractionDigits: 2, maximumFractionDigits: 2 }, language)}%`;
}

/**
 * A country's name in the user's language from its two-letter code (ISO 3166-1 alpha-2, the
 * countries table's `code`; Intl knows no three-letter `isoCode`), else the name stored.
 */
export function formatCountry(
  country: { name: string; code?: string | null } | null | undefined,
  language: string = currentLanguage(),
): string | undefined {
  if (!country) return undefined;
  if (!country.code) return country.name;
  try {
    return (
      new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(country.code) ?? country.name
    );
  } catch {
    // Not a region code Intl knows (e.g. a made-up one in the configuration).
    return country.name;
  }
}

/** Countries as select options named in the user's language, in its alphabetical order. */
export function countryOptions(
  countries: { id: number; name: string; code?: string | null }[],
  language: string = currentLanguage(),
) {
  return countries
    .map((country) => ({ value: country.id, label: formatCountry(country, language) ?? country.name }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** A file size in B, KB or MB (1024 based, at most one decimal: 10 MB, 1.5 KB; pl 1,5 KB). */
export function formatFileSize(bytes: number, language: string = currentLanguage()): string {
  const [value, unit] =
    bytes < 1024 ? [bytes, 'B'] : bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${formatNumber(value, { maximumFractionDigits: 1 }, language)} ${unit}`;
}

/** An API day (`YYYY-MM-DD`) as DD.MM.YYYY (spec section 9); '' when absent or not a day. */
export function formatDay(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/**
 * A day typed as DD.MM.YYYY (one-digit day and month allowed) as the API's `YYYY-MM-DD`;
 * null when it is not a real day (31.02.2026).
 */
export function parseDay(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
