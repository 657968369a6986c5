import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ExportAbortedError } from './backpressure';
import type { ExportColumn, ExportStyle } from './columns';
import { collector, countedRows, stalledOutput, workbookFrom } from './test-helpers';
import { writeExport } from './write-export';

interface Row {
  name: string;
  impressions: number;
  spend: number;
  digits: number;
  cpm: number | null;
  ctr: number | null;
  day: string;
  at: Date;
  [key: string]: unknown;
}

const columns: ExportColumn<Row>[] = [
  { key: 'name', header: 'Advertiser', type: 'text' },
  { key: 'impressions', header: 'Impressions', type: 'integer' },
  { key: 'spend', header: 'Spend', type: 'money', unit: 'micros', digits: (row) => row.digits },
  { key: 'cpm', header: 'CPM', type: 'decimal', digits: 4 },
  { key: 'ctr', header: 'CTR', type: 'percent', digits: 1 },
  { key: 'day', header: 'Day', type: 'date' },
  { key: 'at', header: 'Updated at', type: 'datetime' },
];

const rows: Row[] = [
  {
    name: '=cmd|calc',
    impressions: 1500,
    spend: 1_234_565_000,
    digits: 2,
    cpm: 823.0433,
    ctr: 0.0123,
    day: '2026-11-24',
    at: new Date('2026-11-24T23:30:00Z'),
  },
  {
    name: 'Yen',
    impressions: 7,
    spend: 2_500_000,
    digits: 0,
    cpm: null,
    ctr: null,
    day: '2026-11-25',
    at: new Date('2026-06-01T10:00:00Z'),
  },
];

async function workbookOf(style: ExportStyle, totals?: Partial<Row>[]) {
  const { out, done } = collector();
  await writeExport(out, {
    format: 'xlsx',
    style,
    locale: 'pl',
    columns,
    rows,
    totals,
    totalsLabel: 'Total',
    timeZone: 'Europe/Warsaw',
    sheetName: 'Revenue: 2026/11',
  });
  return workbookFrom(await done);
}

describe('XLSX exports', () => {
  it('write typed cells: numbers, money with its currency digits, percents and real dates', async () => {
    const workbook = await workbookOf('locale', [
      { name: 'ignored: the label goes first', impressions: 1500 },
      { impressions: 7 },
    ]);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('Revenue  2026 11');
    expect(sheet.rowCount).toBe(5);

    const header = sheet.getRow(1);
    expect(header.values).toEqual([undefined, ...columns.map((c) => c.header)]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(24);
    expect(sheet.getColumn(7).width).toBe(18);

    const first = sheet.getRow(2);
    // A string stays a string: never a formula.
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(1).value).toBe('=cmd|calc');
    expect(first.getCell(2)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 1500, numFmt: '#,##0' });
    // The exact amount (1,234.565), shown with the currency's two digits.
    expect(first.getCell(3)).toMatchObject({
      type: ExcelJS.ValueType.Number,
      value: 1234.565,
      numFmt: '#,##0.00',
    });
    expect(first.getCell(4)).toMatchObject({
      type: ExcelJS.ValueType.Number,
      value: 823.0433,
      numFmt: '#,##0.0000',
    });
    expect(first.getCell(5)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 0.0123, numFmt: '0.0%' });
    expect(first.getCell(6)).toMatchObject({ type: ExcelJS.ValueType.Date, numFmt: 'dd.mm.yyyy' });
    expect(first.getCell(6).value).toEqual(new Date('2026-11-24T00:00:00Z'));
    // The wall clock in Warsaw (exceljs reads an Excel date back as that clock in UTC).
    expect(first.getCell(7)).toMatchObject({ type: ExcelJS.ValueType.Date, numFmt: 'dd.mm.yyyy hh:mm' });
    expect(first.getCell(7).value).toEqual(new Date('2026-11-25T00:30:00Z'));
    expect(first.getCell(1).font?.bold).toBeFalsy();

    const second = sheet.getRow(3);
    expect(second.getCell(3)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 2.5, numFmt: '#,##0' });
    expect(second.getCell(4).type).toBe(ExcelJS.ValueType.Null);
    expect(second.getCell(5).type).toBe(ExcelJS.ValueType.Null);
    expect(second.getCell(7).value).toEqual(new Date('2026-06-01T12:00:00Z'));

    for (const [i, impressions] of [1500, 7].entries()) {
      const totals = sheet.getRow(4 + i);
      expect(totals.getCell(1).value).toBe('Total');
      expect(totals.getCell(2)).toMatchObject({ type: ExcelJS.ValueType.Number, value: impressions });
      expect(totals.getCell(1).font?.bold).toBe(true);
      expect(totals.getCell(2).font?.bold).toBe(true);
    }
  });

  it('write ISO day formats in the iso style', async () => {
    const sheet = (await workbookOf('iso')).worksheets[0];
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(2).getCell(6).numFmt).toBe('yyyy-mm-dd');
    expect(sheet?.getRow(2).getCell(7).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it('read 100,000 rows only as fast as the reader takes the file', async () => {
    const total = 100_000;
    const counted = countedRows(total, (i) => ({ id: i, name: `advertiser ${i}`, spend: i * 10_000 }));
    const reader = stalledOutput();
    const writing = writeExport(reader.out, {
      format: 'xlsx',
      style: 'locale',
      locale: 'en',
      columns: [
        { key: 'id', header: 'Id', type: 'integer' },
        { key: 'name', header: 'Name', type: 'text' },
        { key: 'spend', header: 'Spend', type: 'money', unit: 'micros', digits: 2 },
      ],
      rows: counted.rows,
    });
    const readWhileStalled = await reader.settle(() => counted.state.read);
    expect(readWhileStalled).toBeGreaterThan(0);
    expect(readWhileStalled).toBeLessThan(total / 4);

    const file = await reader.release();
    await writing;
    let count = 0;
    let last: ExcelJS.CellValue[] = [];
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {})) {
      for await (const row of sheet) {
        count += 1;
        last = row.values as ExcelJS.CellValue[];
      }
    }
    expect(count).toBe(total + 1);
    expect(last.slice(1)).toEqual([99_999, 'advertiser 99999', 999.99]);
  });

  it('stop reading rows when the reader goes away', async () => {
    const counted = countedRows(100_000, (i) => ({ id: i }));
    const reader = stalledOutput();
    const writing = writeExport(reader.out, {
      format: 'xlsx',
      style: 'iso',
      locale: 'en',
      columns: [{ key: 'id', header: 'Id', type: 'integer' }],
      rows: counted.rows,
    });
    await reader.settle(() => counted.state.read);
    reader.out.destroy();
    await expect(writing).rejects.toThrow(ExportAbortedError);
    expect(counted.state.returned).toBe(true);
    expect(counted.state.read).toBeLessThan(100_000);
  });
});
