import type { Writable } from 'node:stream';

/**
 * What a column holds, which decides how its cells are written: CSV text in the chosen style,
 * XLSX cells of a type (numbers as numbers, dates as dates).
 * - `text`: a string (or a number shown as written); CSV cells that a spreadsheet would run as a
 *   formula are made safe.
 * - `integer`: a whole number (`number` or `bigint`).
 * - `decimal`: a number, rounded to `digits` (2 unless told).
 * - `money`: an integer amount in `micros` (1e-6 of the currency unit) or `minor` units (cents),
 *   written exactly (BigInt) with the currency's `digits` (micro-units rounded half away from zero).
 * - `percent`: a ratio (0.0123 is 1.23%), shown with `digits` decimals of the percent (2 unless told).
 * - `date`: a day, `YYYY-MM-DD` or a `Date` (its UTC day).
 * - `datetime`: an instant, a `Date` or an ISO string.
 * A null or missing value is an empty cell.
 */
export type ExportColumnType = 'text' | 'integer' | 'decimal' | 'money' | 'percent' | 'date' | 'datetime';

interface ColumnBase<Row> {
  key: keyof Row & string;
  /** The header cell, already in the user's language. */
  header: string;
  /** XLSX column width in characters; from the header and the type unless given. */
  width?: number;
}

export type ExportColumn<Row> =
  | (ColumnBase<Row> & { type: 'text' | 'integer' | 'date' | 'datetime' })
  | (ColumnBase<Row> & { type: 'decimal' | 'percent'; digits?: number })
  | (ColumnBase<Row> & {
      type: 'money';
      unit: 'micros' | 'minor';
      /** The currency's minor digits (2 for EUR, 0 for JPY), or a function of the row (one currency per row). */
      digits: number | ((row: Row) => number);
    });

/**
 * How CSV numbers and dates are written:
 * - `iso`: for programs. Plain numbers (`1234.56`, a percent as its ratio `0.0123`), dates
 *   `2026-11-24`, instants in UTC ISO 8601 (`2026-11-24T10:15:00Z`), `,` between cells, no BOM.
 * - `locale`: for people opening the file in a spreadsheet. The locale's decimal separator
 *   (`pl`: `,`, and so `;` between cells), percents as `1.23%`, dates `DD.MM.YYYY` and instants
 *   `DD.MM.YYYY HH:mm` (spec section 9) in `timeZone`, UTF-8 with a BOM.
 * XLSX cells are typed either way; the style picks the date formats.
 */
export type ExportStyle = 'iso' | 'locale';
export type ExportFormat = 'csv' | 'xlsx';
export type ExportLocale = 'en' | 'pl';

export type ExportRow = Record<string, unknown>;

/** The totals row, or rows, at the end of an export. */
export type ExportTotals<Row> = Partial<Row> | readonly Partial<Row>[];

/** The totals rows of the options, read once every row was. */
export async function totalsOf<Row extends ExportRow>(
  options: ExportOptions<Row>,
): Promise<readonly Partial<Row>[]> {
  const totals = typeof options.totals === 'function' ? await options.totals() : options.totals;
  if (!totals) return [];
  return Array.isArray(totals) ? totals : [totals as Partial<Row>];
}

export interface ExportOptions<Row extends ExportRow> {
  format: ExportFormat;
  style: ExportStyle;
  locale: ExportLocale;
  columns: readonly ExportColumn<Row>[];
  /** Read once, as the output is consumed (never all at once). */
  rows: AsyncIterable<Row> | Iterable<Row>;
  /**
   * Last rows (bold in XLSX): one, several (one per currency), or a function asked for them once
   * every row was read (so the rows' own sums can be taken on the way).
   */
  totals?: ExportTotals<Row> | (() => ExportTotals<Row> | Promise<ExportTotals<Row>>);
  /** Written in the first cell of each totals row ('Total'), whatever that column's type. */
  totalsLabel?: string;
  /** Where `datetime` cells are shown in the `locale` style and in XLSX; UTC unless given. */
  timeZone?: string;
  /** The XLSX sheet's name (made valid for Excel); `Report` unless given. */
  sheetName?: string;
}

/** Writes an export into `out` and ends it; resolves once all of it was handed to `out`. */
export type ExportWriter = <Row extends ExportRow>(
  out: Writable,
  options: ExportOptions<Row>,
) => Promise<void>;
