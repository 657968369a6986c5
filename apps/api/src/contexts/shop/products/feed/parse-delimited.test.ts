import { describe, expect, it } from 'vitest';
import { parseDelimited } from './parse-delimited';
import { chunked, collect, fixture } from './test-sources';

const header = 'id,title,link,image_link,price,availability';
const row = (id: string) =>
  `${id},T ${id},https://shop.example/${id},https://shop.example/${id}.jpg,1 USD,in stock`;

describe('parseDelimited', () => {
  it('rejects the bad rows of a CSV by their line and reads all the others', async () => {
    // Line 2-3: a quoted field with a line break; 4: too few fields; 5: empty; 6: a stray quote
    // kept as text; 7: a quote never closed, which swallows line 8 (CSV cannot tell otherwise).
    const { rows, error } = await collect(parseDelimited(fixture('bad-row.csv', 23), { delimiter: ',' }));
    expect(error).toBeNull();
    expect(rows).toEqual([
      {
        ok: true,
        row: 2,
        product: expect.objectContaining({
          id: '1',
          description: 'A mug\nthat holds "coffee"',
          price: { micros: 9_990_000, currency: 'USD' },
          additionalImageLinks: ['https://shop.example/mug-2.jpg', 'https://shop.example/mug-3.jpg'],
          extra: { color: 'blue' },
        }),
      },
      { ok: false, row: 4, rejections: [{ attribute: '', reason: 'malformed_row' }] },
      {
        ok: true,
        row: 6,
        product: expect.objectContaining({ id: '3', description: '12" wide', availability: 'out_of_stock' }),
      },
      { ok: false, row: 7, rejections: [{ attribute: '', reason: 'malformed_row' }] },
    ]);
  });

  it('goes on after a row with too many fields in the middle of the file', async () => {
    const csv = [header, row('a'), `${row('b')},surplus`, '', row('c'), row('d')].join('\n');
    const { rows } = await collect(parseDelimited(chunked(csv, 10), { delimiter: ',' }));
    expect(rows.map((each) => [each.row, each.ok])).toEqual([
      [2, true],
      [3, false],
      [5, true],
      [6, true],
    ]);
  });

  it('reads a TSV whose header names are labels with the attribute in brackets', async () => {
    const { rows, error } = await collect(parseDelimited(fixture('labelled.tsv'), { delimiter: '\t' }));
    expect(error).toBeNull();
    expect(rows).toEqual([
      {
        ok: true,
        row: 2,
        product: expect.objectContaining({
          id: 'A-1',
          title: 'Oak table',
          imageLink: 'https://shop.example/table.jpg',
          price: { micros: 499_000_000, currency: 'EUR' },
          salePrice: { micros: 449_000_000, currency: 'EUR' },
          customLabels: [null, null, null, null, 'furniture'],
          extra: { material: 'oak' },
        }),
      },
      { ok: false, row: 3, rejections: [{ attribute: 'price', reason: 'invalid_price' }] },
    ]);
  });

  it('drops NUL characters, which PostgreSQL cannot store', async () => {
    const csv = `${header}\n${row('a\u0000b')}\n`;
    const { rows } = await collect(parseDelimited(chunked(csv, 5), { delimiter: ',' }));
    expect(rows).toMatchObject([{ ok: true, row: 2, product: { id: 'ab', title: 'T ab' } }]);
  });

  it('takes header names in any case, with spaces, and a byte order mark before them', async () => {
    const csv = `\uFEFFID,Title,LINK,Image Link,Price,Availability\r\n${row('x')}\r\n`;
    const { rows } = await collect(parseDelimited(chunked(Buffer.from(csv), 3), { delimiter: ',' }));
    expect(rows).toMatchObject([
      { ok: true, row: 2, product: { id: 'x', imageLink: 'https://shop.example/x.jpg' } },
    ]);
  });
});
