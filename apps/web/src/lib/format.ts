import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

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

export interface CurrencyLike {
  code: string;
  symbol?: string | null;
}

/**
 * Minor units as an amount with 2 decimals followed by the currency symbol or ISO code;
 * 'Currency not set' without a currency (spec section 5).
 */
export function formatMoney(
  minorUnits: number,
  currency: CurrencyLike | null | undefined,
  notSet: string,
): string {
  if (!currency) return notSet;
  const amount = (minorUnits / 100).toFixed(2);
  return `${amount} ${currency.symbol || currency.code}`;
}

/** A commission percent rounded to 2 decimals with '%'. */
export function formatPercent(value: number | string): string {
  return `${Number(value).toFixed(2)}%`;
}

/** A file size in B, KB or MB (1024 based, at most one decimal: 10 MB, 1.5 KB). */
export function formatFileSize(bytes: number): string {
  const [value, unit] =
    bytes < 1024 ? [bytes, 'B'] : bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${Number(value.toFixed(1))} ${unit}`;
}
