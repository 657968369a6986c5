import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedFormatError } from './feed/feed-format-error';
import { FeedImportFailure } from './import-failure';
import { BATCH_BYTES, BATCH_ROWS, type FeedBatch, readFeedBatches } from './read-feed-batches';
import { readFeedInThread } from './read-feed-in-thread';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'rtb-feed-thread-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const csv = (count: number) =>
  `id,title,link,image_link,price,availability\n${Array.from(
    { length: count },
    (_, i) =>
      `P${i},Product ${i},https://shop.example/p/${i},https://shop.example/${i}.jpg,1.00 USD,in stock\n`,
  ).join('')}`;

async function feedFile(name: string, content: string): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, content);
  return path;
}

/** A batch as plain data: its products' JSON as text. */
const plain = (batch: FeedBatch) => ({
  ...batch,
  products: new TextDecoder().decode(batch.products),
});

async function collect(batches: AsyncIterable<FeedBatch>) {
  const collected: ReturnType<typeof plain>[] = [];
  try {
    for await (const batch of batches) collected.push(plain(batch));
    return { batches: collected, error: null as unknown };
  } catch (error) {
    return { batches: collected, error };
  }
}

describe('readFeedInThread', () => {
  it('hands over the batches readFeedBatches reads, reading ahead in its thread', async () => {
    const path = await feedFile('feed.csv', csv(BATCH_ROWS * 3 + 7));
    const inThread = await collect(readFeedInThread(path, 2 ** 30));
    const here = await collect(
      readFeedBatches(path, 2 ** 30, (minBytes) => new Uint8Array(Math.max(minBytes, BATCH_BYTES))),
    );
    expect(inThread.error).toBeNull();
    expect(inThread.batches.map((b) => b.productCount)).toEqual([BATCH_ROWS, BATCH_ROWS, BATCH_ROWS, 7]);
    expect(inThread.batches).toEqual(here.batches);
  });

  it("throws the feed's errors as they were thrown in the thread, after the batch before them", async () => {
    const item =
      '<item><g:id>A</g:id><g:title>T</g:title><g:link>https://shop.example/a</g:link>' +
      '<g:image_link>https://shop.example/a.jpg</g:image_link><g:price>1 USD</g:price>' +
      '<g:availability>in stock</g:availability></item>';
    const broken = await feedFile(
      'broken.xml',
      `<?xml version="1.0"?>\n<rss xmlns:g="http://base.google.com/ns/1.0"><channel>${item}\n</oops>`,
    );
    const format = await collect(readFeedInThread(broken, 2 ** 30));
    expect(format.batches.map((b) => [b.format, b.productCount])).toEqual([['xml', 1]]);
    expect(format.error).toBeInstanceOf(FeedFormatError);
    expect(format.error).toMatchObject({ code: 'malformed_xml', line: 3 });

    // The file is read 256 kB at a time: the limit is passed in the second chunk.
    const large = await feedFile('large.csv', csv(5000));
    const tooLarge = await collect(readFeedInThread(large, 300_000));
    expect(tooLarge.error).toBeInstanceOf(FeedImportFailure);
    expect(tooLarge.error).toMatchObject({ code: 'too_large' });
    expect(tooLarge.batches.reduce((sum, b) => sum + b.productCount, 0)).toBeGreaterThan(0);
  });

  it('fails when the file cannot be read, and ends the thread when the caller stops', async () => {
    const missing = await collect(readFeedInThread(join(folder, 'missing.csv'), 2 ** 30));
    expect(missing.error).toMatchObject({ message: expect.stringContaining('ENOENT') });

    const path = await feedFile('long.csv', csv(BATCH_ROWS * 6));
    let read = 0;
    for await (const batch of readFeedInThread(path, 2 ** 30)) {
      read += batch.productCount;
      break;
    }
    expect(read).toBe(BATCH_ROWS);
  });
});
