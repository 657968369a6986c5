import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedFormatError } from './feed/feed-format-error';
import {
  BATCH_BYTES,
  BATCH_ROWS,
  type FeedBatch,
  MAX_KEPT_REJECTIONS,
  readFeedBatches,
} from './read-feed-batches';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'rtb-feed-batches-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const HEADER = 'id,title,link,image_link,price,availability';
const line = (id: string, more = '') =>
  `${id},Product ${id},https://shop.example/p/${id},https://shop.example/${id}.jpg,1.00 USD,in stock${more}`;

async function feedFile(name: string, content: string): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, content);
  return path;
}

/** Every batch of the file, with the sizes of the buffers asked for; and the error it ended with. */
async function batchesOf(path: string) {
  const asked: number[] = [];
  const batches: FeedBatch[] = [];
  let error: unknown = null;
  try {
    for await (const batch of readFeedBatches(path, 2 ** 30, (minBytes) => {
      asked.push(minBytes);
      return new Uint8Array(Math.max(minBytes, BATCH_BYTES));
    }))
      batches.push(batch);
  } catch (thrown) {
    error = thrown;
  }
  return { batches, asked, error };
}

const products = (batch: FeedBatch) =>
  JSON.parse(new TextDecoder().decode(batch.products)) as { position: number; product_id: string }[];

describe('readFeedBatches', () => {
  it('ends a batch at BATCH_ROWS rows, its products as JSON rows with their positions', async () => {
    const ids = Array.from({ length: BATCH_ROWS * 2 + 10 }, (_, i) => `P${i}`);
    const content = `${[HEADER, ...ids.map((id) => line(id))].join('\n')}\n`;
    const path = await feedFile('rows.csv', content);
    const { batches, error } = await batchesOf(path);
    expect(error).toBeNull();
    expect(batches.map((b) => [b.itemsRead, b.productCount])).toEqual([
      [BATCH_ROWS, BATCH_ROWS],
      [BATCH_ROWS, BATCH_ROWS],
      [10, 10],
    ]);
    expect(batches.every((b) => b.format === 'csv')).toBe(true);
    const [first] = products(batches[0] as FeedBatch);
    expect(first).toMatchObject({
      position: 2,
      product_id: 'P0',
      title: 'Product P0',
      price_micros: 1_000_000,
    });
    // Null attributes are left out of the rows.
    expect(first).not.toHaveProperty('brand');
    expect(batches.at(-1)?.bytesRead).toBe(Buffer.byteLength(content));
  });

  it('ends a batch at BATCH_BYTES of products; a product larger than that goes alone, in a buffer of its size', async () => {
    // 40 extra columns of 5,000 characters: about 200 kB a product.
    const extraHeader = Array.from({ length: 40 }, (_, i) => `,note_${i}`).join('');
    const extra = `,${'x'.repeat(5000)}`.repeat(40);
    // A control character is 6 bytes of JSON (\u0001): 150 columns of them pass 4 MiB.
    const hugeHeader = Array.from({ length: 150 }, (_, i) => `,control_${i}`).join('');
    const huge = `,${'\u0001'.repeat(5000)}`.repeat(150);
    const rows = Array.from({ length: 30 }, (_, i) => line(`L${i}`, `${extra}${','.repeat(150)}`));
    rows.splice(25, 0, line('HUGE', `${','.repeat(40)}${huge}`));
    const path = await feedFile('bytes.csv', `${[HEADER + extraHeader + hugeHeader, ...rows].join('\n')}\n`);
    const { batches, asked, error } = await batchesOf(path);
    expect(error).toBeNull();
    expect(
      batches.every((b) => b.products.length <= Math.max(BATCH_BYTES, b.products.buffer.byteLength)),
    ).toBe(true);
    expect(batches.map((b) => b.productCount).reduce((a, b) => a + b)).toBe(31);
    const alone = batches.find((b) => products(b).some((p) => p.product_id === 'HUGE'));
    expect(alone?.productCount).toBe(1);
    expect(alone?.products.length).toBeGreaterThan(BATCH_BYTES);
    expect(asked.filter((n) => n > BATCH_BYTES)).toHaveLength(1);
    expect(batches.filter((b) => b !== alone).every((b) => b.products.length <= BATCH_BYTES)).toBe(true);
    expect(batches.length).toBeGreaterThan(2);
  });

  it('rejects an id seen before in the batch as duplicate_id, keeping the first', async () => {
    const path = await feedFile(
      'duplicates.csv',
      `${[HEADER, line('A'), 'B,,,,,', line('A'), line('C')].join('\n')}\n`,
    );
    const { batches } = await batchesOf(path);
    expect(batches).toHaveLength(1);
    const [batch] = batches as [FeedBatch];
    expect(batch).toMatchObject({ itemsRead: 4, productCount: 2, rejectedRows: 2 });
    expect(batch.rejections).toEqual([
      { position: 3, productId: null, attribute: 'title', reason: 'missing_title' },
      { position: 3, productId: null, attribute: 'link', reason: 'missing_link' },
      { position: 3, productId: null, attribute: 'image_link', reason: 'missing_image_link' },
      { position: 3, productId: null, attribute: 'price', reason: 'missing_price' },
      { position: 3, productId: null, attribute: 'availability', reason: 'missing_availability' },
      { position: 4, productId: 'A', attribute: 'id', reason: 'duplicate_id' },
    ]);
    expect(products(batch).map((p) => [p.position, p.product_id])).toEqual([
      [2, 'A'],
      [5, 'C'],
    ]);
  });

  it('hands over no more rejections than an import keeps, and counts every rejected row', async () => {
    const rows = Array.from({ length: MAX_KEPT_REJECTIONS + 300 }, (_, i) => `R${i},,,,,`);
    const path = await feedFile('rejections.csv', `${[HEADER, ...rows, line('OK')].join('\n')}\n`);
    const { batches } = await batchesOf(path);
    const kept = batches.flatMap((b) => b.rejections);
    expect(kept).toHaveLength(MAX_KEPT_REJECTIONS);
    expect(kept[0]?.position).toBe(2);
    expect(batches.reduce((sum, b) => sum + b.rejectedRows, 0)).toBe(MAX_KEPT_REJECTIONS + 300);
  });

  it('ends a broken feed with the batch read before the fault, then its error', async () => {
    const items = ['A', 'B']
      .map(
        (id) =>
          `<item><g:id>${id}</g:id><g:title>T</g:title><g:link>https://shop.example/${id}</g:link>` +
          `<g:image_link>https://shop.example/${id}.jpg</g:image_link><g:price>1 USD</g:price>` +
          '<g:availability>in stock</g:availability></item>',
      )
      .join('');
    const path = await feedFile(
      'broken.xml',
      `<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0"><channel>${items}<item><g:id>C</oops></channel></rss>`,
    );
    const { batches, error } = await batchesOf(path);
    expect(batches.map((b) => [b.format, b.productCount])).toEqual([['xml', 2]]);
    expect(error).toBeInstanceOf(FeedFormatError);
    expect(error).toMatchObject({ code: 'malformed_xml' });
  });
});
