import { minorOfMicros } from '../money';
import type { ExportColumn, ExportLocale, ExportRow } from './columns';

const MICRO_DIGITS = 6;

/** Cells a spreadsheet would run as a formula (OWASP CSV injection): these first characters. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell made safe for a spreadsheet: one that would start a formula gets a leading apostrophe. */
export const safeText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

const isMissing = (value: unknown): value is null | undefined => value === null || value === undefined;

function integerOf(value: unknown, what: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new TypeError(`export: ${what} must be an integer, got ${String(value)}`);
}

function numberOf(value: unknown, what: string): number {
  const n = typeof value === 'bigint' ? Number(value) : typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n))
    throw new TypeError(`export: ${what} must be a finite number, got ${String(value)}`);
  return n;
}

/**
 * An amount of `units` (micro-units or minor units) as an exact decimal with the currency's
 * `digits` (`-1234.56`): micro-units are rounded half away from zero, in BigInt.
 */
export function moneyDecimal(amount: bigint, unit: 'micros' | 'minor', digits: number): string {
  if (!Number.isInteger(digits) || digits < 0 || digits > MICRO_DIGITS)
    throw new RangeError(`export: currency digits must be 0-6, got ${digits}`);
  const minor = unit === 'micros' ? minorOfMicros(amount, digits) : amount;
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = digits > 0 ? `.${text.slice(text.length - digits)}` : '';
  return `${negative && minor !== 0n ? '-' : ''}${whole}${fraction}`;
}

/** A day as `YYYY-MM-DD` from a day string or a Date (its UTC day). */
export function dayOf(value: unknown): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new TypeError('export: invalid date');
    return value.toISOString().slice(0, 10);
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  throw new TypeError(`export: a date must be YYYY-MM-DD or a Date, got ${String(value)}`);
}

export function instantOf(value: unknown): Date {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime()))
    throw new TypeError(`export: a datetime must be a Date or an ISO string, got ${String(value)}`);
  return date;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The date and time an instant shows on a wall clock in the time zone. */
export function wallClockOf(date: Date, timeZone: string): WallClock {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clocks.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The locale's decimal separator, from Intl (`.` in en, `,` in pl). */
export function decimalSeparatorOf(locale: ExportLocale): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** A cell's value as the writers need it: the column's kind of value, or null for an empty cell. */
export type CellValue =
  | { kind: 'text'; text: string }
  | { kind: 'integer'; value: bigint }
  | { kind: 'decimal'; value: number; digits: number }
  | { kind: 'money'; decimal: string; exact: string; digits: number }
  | { kind: 'percent'; ratio: number; digits: number }
  | { kind: 'date'; day: string }
  | { kind: 'datetime'; instant: Date }
  | null;

/** A totals row's cells: the label first (when there is one), then the row's own. */
export function totalsCellsOf<Row extends ExportRow>(
  columns: readonly ExportColumn<Row>[],
  row: Partial<Row>,
  label: string | undefined,
): CellValue[] {
  return columns.map((column, i) =>
    i === 0 && label !== undefined ? { kind: 'text', text: label } : cellOf(column, row),
  );
}

/** Reads a row's cell of the column, checking it holds what the column's type says. */
export function cellOf<Row extends ExportRow>(column: ExportColumn<Row>, row: Partial<Row>): CellValue {
  const value = row[column.key];
  if (isMissing(value)) return null;
  const what = `column ${column.key}`;
  switch (column.type) {
    case 'text':
      return { kind: 'text', text: String(value) };
    case 'integer':
      return { kind: 'integer', value: integerOf(value, what) };
    case 'decimal':
      return { kind: 'decimal', value: numberOf(value, what), digits: column.digits ?? 2 };
    case 'percent':
      return { kind: 'percent', ratio: numberOf(value, what), digits: column.digits ?? 2 };
    case 'money': {
      const digits = typeof column.digits === 'function' ? column.digits(row as Row) : column.digits;
      const amount = integerOf(value, what);
      return {
        kind: 'money',
        decimal: moneyDecimal(amount, column.unit, digits),
        exact: moneyDecimal(amount, column.unit, column.unit === 'micros' ? MICRO_DIGITS : digits),
        digits,
      };
    }
    case 'date':
      return { kind: 'date', day: dayOf(value) };
    case 'datetime':
      return { kind: 'datetime', instant: instantOf(value) };
  }
}
