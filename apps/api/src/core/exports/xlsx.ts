import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { roomIn, untilClosed } from './backpressure';
import { type ExportColumn, type ExportOptions, type ExportRow, type ExportStyle, totalsOf } from './columns';
import { type CellValue, cellOf, totalsCellsOf, wallClockOf } from './values';

/** Rows committed between two looks at the output's room (see `writeXlsx`). */
const BATCH_ROWS = 200;

const defaultWidths: Record<ExportColumn<ExportRow>['type'], number> = {
  text: 24,
  integer: 12,
  decimal: 14,
  money: 16,
  percent: 10,
  date: 12,
  datetime: 18,
};

const fractionFormat = (digits: number) => (digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0');

/** Excel's number format of a cell: money with its currency's digits, percents, dates of the style. */
function numberFormatOf(cell: Exclude<CellValue, null>, style: ExportStyle): string | undefined {
  switch (cell.kind) {
    case 'text':
      return undefined;
    case 'integer':
      return '#,##0';
    case 'decimal':
      return fractionFormat(cell.digits);
    case 'money':
      return fractionFormat(cell.digits);
    case 'percent':
      return cell.digits > 0 ? `0.${'0'.repeat(cell.digits)}%` : '0%';
    case 'date':
      return style === 'iso' ? 'yyyy-mm-dd' : 'dd.mm.yyyy';
    case 'datetime':
      return style === 'iso' ? 'yyyy-mm-dd hh:mm:ss' : 'dd.mm.yyyy hh:mm';
  }
}

/** A cell's value as exceljs writes it: numbers as numbers, days and instants as dates. */
function excelValueOf(cell: CellValue, timeZone: string): ExcelJS.CellValue {
  if (cell === null) return null;
  switch (cell.kind) {
    case 'text':
      return cell.text;
    case 'integer':
      return Number(cell.value);
    case 'decimal':
      return cell.value;
    case 'money':
      // The exact amount, shown with the currency's digits: a spreadsheet's sums of the cells are
      // then the report's own totals, not sums of rounded figures.
      return Number(cell.exact);
    case 'percent':
      return cell.ratio;
    case 'date':
      return new Date(`${cell.day}T00:00:00Z`);
    case 'datetime': {
      // Excel dates have no time zone: the serial of the wall clock in the zone (exceljs reads a Date as UTC).
      const t = wallClockOf(cell.instant, timeZone);
      return new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second));
    }
  }
}

/** A name Excel accepts for a sheet: none of `[]:*?/\`, at most 31 characters. */
export const sheetNameOf = (name: string | undefined) =>
  (name ?? 'Report')
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Report';

/**
 * Streams the rows as an XLSX workbook with exceljs's streaming WorkbookWriter: one sheet, a bold
 * frozen header row, typed cells (numbers, money with its currency's digits, percents, real
 * dates), sensible column widths and an optional bold totals row. Each row is committed (written
 * out and dropped) at once; every `BATCH_ROWS` rows the writer waits while `out` is full, so a
 * slow reader holds the rows back instead of the file piling up in memory.
 */
export async function writeXlsx<Row extends ExportRow>(
  out: Writable,
  options: ExportOptions<Row>,
): Promise<void> {
  const { columns, style } = options;
  const timeZone = options.timeZone ?? 'UTC';
  // Loaded with the first export: exceljs holds about 28 MB that a process never exporting need not.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetNameOf(options.sheetName), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({
    key: column.key,
    width: column.width ?? Math.max(defaultWidths[column.type], column.header.length + 2),
  }));

  const addRow = (cells: CellValue[], bold: boolean) => {
    const row = sheet.addRow(cells.map((cell) => excelValueOf(cell, timeZone)));
    cells.forEach((cell, i) => {
      const target = row.getCell(i + 1);
      const numFmt = cell === null ? undefined : numberFormatOf(cell, style);
      if (numFmt) target.numFmt = numFmt;
      if (bold) target.font = { bold: true };
    });
    row.commit();
  };

  await untilClosed(
    out,
    (async () => {
      const header = sheet.addRow(columns.map((column) => column.header));
      header.font = { bold: true };
      header.commit();
      let sinceLook = 0;
      for await (const row of options.rows) {
        addRow(
          columns.map((column) => cellOf(column, row)),
          false,
        );
        if (++sinceLook === BATCH_ROWS) {
          sinceLook = 0;
          await roomIn(out);
        }
      }
      for (const totals of await totalsOf(options))
        addRow(totalsCellsOf(columns, totals, options.totalsLabel), true);
      sheet.commit();
      await workbook.commit();
    })(),
  );
}
