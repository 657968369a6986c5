import { describe, expect, it } from 'vitest';
import type { ExportColumn, ExportLocale, ExportStyle } from './columns';
import { collector, countedRows, stalledOutput } from './test-helpers';
import { writeExport } from './write-export';

interface Row {
  name: string;
  impressions: number | bigint;
  ratio: number | null;
  spend: number;
  digits: number;
  value: number;
  ctr: number | null;
  day: string;
  at: Date;
  [key: string]: unknown;
}

const columns: ExportColumn<Row>[] = [
  { key: 'name', header: 'Name', type: 'text' },
  { key: 'impressions', header: 'Impressions', type: 'integer' },
  { key: 'ratio', header: 'Ratio', type: 'decimal', digits: 3 },
  { key: 'spend', header: 'Spend', type: 'money', unit: 'micros', digits: (row) => row.digits },
  { key: 'value', header: 'Value', type: 'money', unit: 'minor', digits: 2 },
  { key: 'ctr', header: 'CTR', type: 'percent' },
  { key: 'day', header: 'Day', type: 'date' },
  { key: 'at', header: 'At', type: 'datetime' },
];

const rows: Row[] = [
  {
    name: 'Zażółć "gęślą", jaźń',
    impressions: 1_234_567,
    ratio: 1234.5678,
    spend: 1_234_565_000, // 1234.565 -> 1234.57 (half away from zero)
    digits: 2,
    value: 123_456,
    ctr: 0.0123,
    day: '2026-11-24',
    at: new Date('2026-11-24T23:30:00Z'),
  },
  {
    name: 'JPY shop',
    impressions: 9_007_199_254_740_993n,
    ratio: null,
    spend: -2_500_000, // -2.5 JPY -> -3
    digits: 0,
    value: -5,
    ctr: null,
    day: '2026-03-29',
    at: new Date('2026-03-29T01:05:09Z'),
  },
];

async function csvOf(
  style: ExportStyle,
  locale: ExportLocale,
  extra: Partial<Parameters<typeof writeExport<Row>>[1]> = {},
) {
  const { out, done } = collector();
  await writeExport(out, {
    format: 'csv',
    style,
    locale,
    columns,
    rows,
    timeZone: 'Europe/Warsaw',
    ...extra,
  });
  return (await done).toString('utf8');
}

describe('CSV exports', () => {
  it('write plain numbers, ISO days and UTC instants in the iso style, without a BOM', async () => {
    expect(await csvOf('iso', 'pl')).toBe(
      [
        'Name,Impressions,Ratio,Spend,Value,CTR,Day,At',
        '"Zażółć ""gęślą"", jaźń",1234567,1234.568,1234.57,1234.56,0.0123,2026-11-24,2026-11-24T23:30:00Z',
        'JPY shop,9007199254740993,,-3,-0.05,,2026-03-29,2026-03-29T01:05:09Z',
        '',
      ].join('\r\n'),
    );
  });

  it("write English numbers, the spec's day formats and local times with a BOM in the en locale style", async () => {
    const text = await csvOf('locale', 'en');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Name,Impressions,Ratio,Spend,Value,CTR,Day,At',
      // 23:30 UTC is 00:30 the next day in Warsaw (winter time); 01:05 UTC on 29 March is 03:05 (summer time).
      '"Zażółć ""gęślą"", jaźń",1234567,1234.568,1234.57,1234.56,1.23%,24.11.2026,25.11.2026 00:30',
      'JPY shop,9007199254740993,,-3,-0.05,,29.03.2026,29.03.2026 03:05',
      '',
    ]);
  });

  it('write decimal commas and a semicolon between cells in the pl locale style', async () => {
    const text = await csvOf('locale', 'pl');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Name;Impressions;Ratio;Spend;Value;CTR;Day;At',
      '"Zażółć ""gęślą"", jaźń";1234567;1234,568;1234,57;1234,56;1,23%;24.11.2026;25.11.2026 00:30',
      'JPY shop;9007199254740993;;-3;-0,05;;29.03.2026;29.03.2026 03:05',
      '',
    ]);
  });

  it('make cells that would start a formula safe, in headers too, but leave negative numbers alone', async () => {
    const hostile = ['=HYPERLINK("http://x")', '+1', '-1+1', '@SUM(A1)', '\tx', 'ok=1'];
    const { out, done } = collector();
    await writeExport(out, {
      format: 'csv',
      style: 'iso',
      locale: 'en',
      columns: [
        { key: 'name', header: '=Name', type: 'text' },
        { key: 'amount', header: 'Amount', type: 'money', unit: 'minor', digits: 2 },
      ],
      rows: hostile.map((name) => ({ name, amount: -150 })),
    });
    const lines = (await done).toString('utf8').split('\r\n');
    expect(lines).toEqual([
      "'=Name,Amount",
      '"\'=HYPERLINK(""http://x"")",-1.50',
      "'+1,-1.50",
      "'-1+1,-1.50",
      "'@SUM(A1),-1.50",
      "'\tx,-1.50",
      'ok=1,-1.50',
      '',
    ]);
  });

  it('end with the totals, asked for once every row was read', async () => {
    const counted = countedRows<{ label?: string; n: number }>(3, (i) => ({ n: i + 1 }));
    let sum = 0;
    async function* summed() {
      for await (const row of counted.rows) {
        sum += row.n;
        yield row;
      }
    }
    const { out, done } = collector();
    await writeExport(out, {
      format: 'csv',
      style: 'iso',
      locale: 'en',
      columns: [
        { key: 'label', header: 'Label', type: 'text' },
        { key: 'n', header: 'N', type: 'integer' },
      ],
      rows: summed(),
      totals: () => ({ label: 'Total', n: sum }),
    });
    expect((await done).toString('utf8')).toBe('Label,N\r\n,1\r\n,2\r\n,3\r\nTotal,6\r\n');
  });

  it('put the totals label in the first cell whatever its type, one totals row per currency', async () => {
    const { out, done } = collector();
    await writeExport(out, {
      format: 'csv',
      style: 'locale',
      locale: 'pl',
      columns: [
        { key: 'day', header: 'Dzień', type: 'date' },
        { key: 'currency', header: 'Waluta', type: 'text' },
        { key: 'spend', header: 'Wydatki', type: 'money', unit: 'minor', digits: 2 },
      ],
      rows: [
        { day: '2026-11-24', currency: 'EUR', spend: 150 },
        { day: '2026-11-24', currency: 'PLN', spend: 990 },
      ],
      totals: [
        { currency: 'EUR', spend: 150 },
        { currency: 'PLN', spend: 990 },
      ],
      totalsLabel: '=Razem',
    });
    expect((await done).toString('utf8').slice(1).split('\r\n')).toEqual([
      'Dzień;Waluta;Wydatki',
      '24.11.2026;EUR;1,50',
      '24.11.2026;PLN;9,90',
      "'=Razem;EUR;1,50",
      "'=Razem;PLN;9,90",
      '',
    ]);
  });

  it('refuse a value its column cannot hold', async () => {
    const { out } = collector();
    await expect(
      writeExport(out, {
        format: 'csv',
        style: 'iso',
        locale: 'en',
        columns: [{ key: 'n', header: 'N', type: 'integer' }],
        rows: [{ n: 1.5 }],
      }),
    ).rejects.toThrow(/column n must be an integer/);
    expect(out.destroyed).toBe(true);
  });

  it('read 100,000 rows only as fast as the reader takes the file', async () => {
    const total = 100_000;
    const counted = countedRows(total, (i) => ({ id: i, name: `row ${i}`, spend: i * 10_000 }));
    const reader = stalledOutput();
    const writing = writeExport(reader.out, {
      format: 'csv',
      style: 'locale',
      locale: 'pl',
      columns: [
        { key: 'id', header: 'Id', type: 'integer' },
        { key: 'name', header: 'Name', type: 'text' },
        { key: 'spend', header: 'Spend', type: 'money', unit: 'micros', digits: 2 },
      ],
      rows: counted.rows,
    });
    // The reader takes nothing: the writer stops after what fills the buffers in between.
    const readWhileStalled = await reader.settle(() => counted.state.read);
    expect(readWhileStalled).toBeGreaterThan(0);
    expect(readWhileStalled).toBeLessThan(total / 10);

    const text = (await reader.release()).toString('utf8');
    await writing;
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(total + 2);
    expect(lines[1]).toBe('0;row 0;0,00');
    expect(lines[total]).toBe('99999;row 99999;999,99');
  });

  it('stop reading rows when the reader goes away', async () => {
    const counted = countedRows(100_000, (i) => ({ id: i }));
    const reader = stalledOutput();
    const writing = writeExport(reader.out, {
      format: 'csv',
      style: 'iso',
      locale: 'en',
      columns: [{ key: 'id', header: 'Id', type: 'integer' }],
      rows: counted.rows,
    });
    await reader.settle(() => counted.state.read);
    reader.out.destroy();
    await expect(writing).rejects.toThrow();
    expect(counted.state.returned).toBe(true);
    expect(counted.state.read).toBeLessThan(100_000);
  });
});
