import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { FeedSource } from './decode-chunks';
import { parseFeed } from './parse-feed';

/**
 * A million products in XML and in CSV, generated as they are read (never one string), parsed
 * with the heap sampled after a full collection: what stays alive must not grow with the feed.
 * Own file: vitest runs it next to the other test files.
 */
const PRODUCTS = 1_000_000;
const BATCH = 1000;
const HEAP_BOUND = 64 * 1024 * 1024;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapAfterCollection(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

const xmlItem = (id: number) =>
  `<item><g:id>SKU-${id}</g:id><g:title><![CDATA[Product ${id} & friends]]></g:title>` +
  `<g:description>A description of product ${id}, long enough to look like one.</g:description>` +
  `<g:link>https://shop.example/p/${id}?ref=feed&amp;v=1</g:link><g:image_link>https://img.shop.example/${id}.jpg</g:image_link>` +
  `<g:price>${id % 1000}.99 USD</g:price><g:availability>in stock</g:availability><g:brand>Brand ${id % 50}</g:brand></item>\n`;

async function* xmlFeed(): FeedSource {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\n';
  for (let start = 1; start <= PRODUCTS; start += BATCH) {
    let batch = '';
    for (let id = start; id < start + BATCH; id += 1) batch += xmlItem(id);
    yield Buffer.from(batch);
  }
  yield '</channel></rss>\n';
}

async function* csvFeed(): FeedSource {
  yield 'id,title,description,link,image_link,price,availability,brand\n';
  for (let start = 1; start <= PRODUCTS; start += BATCH) {
    let batch = '';
    for (let id = start; id < start + BATCH; id += 1) {
      batch += `SKU-${id},"Product ${id}, ""deluxe""",A description of product ${id} long enough to look like one.,https://shop.example/p/${id},https://img.shop.example/${id}.jpg,${id % 1000}.99 USD,in stock,Brand ${id % 50}\n`;
    }
    yield Buffer.from(batch);
  }
}

async function parseMillion(source: FeedSource) {
  const before = heapAfterCollection();
  let peak = 0;
  let products = 0;
  let lastRow = 0;
  const started = performance.now();
  for await (const row of parseFeed(source)) {
    if (row.ok) products += 1;
    lastRow = row.row;
    if (lastRow % 100_000 === 0) peak = Math.max(peak, heapAfterCollection() - before);
  }
  const seconds = (performance.now() - started) / 1000;
  const growth = heapAfterCollection() - before;
  console.info(
    `${products} products in ${seconds.toFixed(1)} s, retained heap peak ${(peak / 2 ** 20).toFixed(1)} MB, after ${(growth / 2 ** 20).toFixed(1)} MB`,
  );
  return { products, lastRow, peak, growth };
}

describe('a 1,000,000-product feed', () => {
  it('parses as XML within the memory bound', { timeout: 300_000 }, async () => {
    const result = await parseMillion(xmlFeed());
    expect(result).toMatchObject({ products: PRODUCTS, lastRow: PRODUCTS });
    expect(result.peak).toBeLessThan(HEAP_BOUND);
    expect(result.growth).toBeLessThan(HEAP_BOUND);
  });

  it('parses as CSV within the memory bound', { timeout: 300_000 }, async () => {
    const result = await parseMillion(csvFeed());
    expect(result).toMatchObject({ products: PRODUCTS, lastRow: PRODUCTS + 1 });
    expect(result.peak).toBeLessThan(HEAP_BOUND);
    expect(result.growth).toBeLessThan(HEAP_BOUND);
  });
});
