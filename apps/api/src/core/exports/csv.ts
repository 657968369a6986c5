import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { type ExportOptions, type ExportRow, type ExportStyle, totalsOf } from './columns';
import { type CellValue, cellOf, decimalSeparatorOf, safeText, totalsCellsOf, wallClockOf } from './values';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Writes cells in one style and locale (see `ExportStyle`). */
export function csvCellWriter(style: ExportStyle, locale: 'en' | 'pl', timeZone = 'UTC') {
  const separator = style === 'iso' ? '.' : decimalSeparatorOf(locale);
  const numberFormats = new Map<number, Intl.NumberFormat>();
  // No grouping: a spreadsheet reads `12345,5` as a number in Polish, not `12 345,5` (a no-break space).
  const fixed = (value: number, digits: number) => {
    let format = numberFormats.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(style === 'iso' ? 'en' : locale, {
        useGrouping: false,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      numberFormats.set(digits, format);
    }
    // A rounded-away negative zero is written as 0; U+2212 (some locales) as a plain minus.
    return format
      .format(value === 0 ? 0 : value)
      .replace('\u2212', '-')
      .replace(/^-(0[.,]?0*)$/, '$1');
  };
  return (cell: CellValue): string => {
    if (cell === null) return '';
    switch (cell.kind) {
      case 'text':
        return safeText(cell.text);
      case 'integer':
        return cell.value.toString();
      case 'decimal':
        return fixed(cell.value, cell.digits);
      case 'money':
        return separator === '.' ? cell.decimal : cell.decimal.replace('.', separator);
      case 'percent':
        return style === 'iso'
          ? fixed(cell.ratio, cell.digits + 2)
          : `${fixed(cell.ratio * 100, cell.digits)}%`;
      case 'date': {
        if (style === 'iso') return cell.day;
        const [year, month, day] = cell.day.split('-');
        return `${day}.${month}.${year}`;
      }
      case 'datetime': {
        if (style === 'iso') return cell.instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
        const t = wallClockOf(cell.instant, timeZone);
        return `${pad(t.day)}.${pad(t.month)}.${t.year} ${pad(t.hour)}:${pad(t.minute)}`;
      }
    }
  };
}

/** The cell delimiter: `;` where `,` is the decimal separator (Polish), as spreadsheets there expect. */
export const csvDelimiterOf = (style: ExportStyle, locale: 'en' | 'pl') =>
  style === 'locale' && decimalSeparatorOf(locale) === ',' ? ';' : ',';

/**
 * Streams the rows as CSV (RFC 4180: CRLF, quotes where needed) through csv-stringify: a header
 * row, each row as the output asks for more (Readable.from pulls the rows only on demand, and
 * the pipeline stops reading them when `out` is closed), then the totals.
 * The `locale` style starts with a UTF-8 byte order mark: without it Excel reads a CSV in the
 * system's legacy code page (Windows-1250 in Poland), which garbles every non-ASCII letter.
 */
export async function writeCsv<Row extends ExportRow>(
  out: Writable,
  options: ExportOptions<Row>,
): Promise<void> {
  const { columns, style, locale } = options;
  const write = csvCellWriter(style, locale, options.timeZone);
  async function* records(): AsyncGenerator<string[]> {
    yield columns.map((column) => safeText(column.header));
    for await (const row of options.rows) yield columns.map((column) => write(cellOf(column, row)));
    for (const totals of await totalsOf(options))
      yield totalsCellsOf(columns, totals, options.totalsLabel).map(write);
  }
  await pipeline(
    Readable.from(records()),
    stringify({
      delimiter: csvDelimiterOf(style, locale),
      record_delimiter: 'windows',
      bom: style === 'locale',
    }),
    out,
  );
}
