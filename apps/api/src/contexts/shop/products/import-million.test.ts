import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { advertisers, demoAccounts, feedImports, products } from '@rtb/db';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { feedImport, feedWorker } from './test-helpers';

/**
 * A million products imported from a generated CSV file (the upload route's part is tested
 * elsewhere: the file is put where an upload would leave it), with the heap sampled after full
 * collections while it runs: what stays alive must not grow with the feed. (The file is parsed
 * in a thread whose heap limits are its own, `read-feed-in-thread.ts`: keeping every product
 * there would end the thread.) Own file: vitest
 * runs it next to the other test files. The whole million runs on a PostgreSQL server (CI's
 * second pass); embedded PGlite writes about 3,000 products a second in the test's own thread,
 * so there a tenth of it is held to the same bound (keeping each product alive, about a
 * kilobyte, would cross it).
 */
const PRODUCTS = process.env.DATABASE_URL ? 1_000_000 : 100_000;
const HEAP_BOUND = 64 * 1024 * 1024;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const heapAfterCollection = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

async function writeCsv(path: string): Promise<void> {
  const out = createWriteStream(path);
  out.write('id,title,description,link,image_link,price,availability,brand,product_type\n');
  for (let start = 1; start <= PRODUCTS; start += 1000) {
    let batch = '';
    for (let id = start; id < start + 1000; id += 1)
      batch += `SKU-${id},"Product ${id}, ""deluxe""",A description of product ${id}.,https://shop.example/p/${id},https://img.shop.example/${id}.jpg,${id % 1000}.99 USD,in stock,Brand ${id % 50},Type ${id % 20}\n`;
    if (!out.write(batch)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
}

describe('a 1,000,000-product feed', () => {
  it('is imported within the memory bound', { timeout: 900_000 }, async () => {
    const token = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    const [shop] = await t.database.db
      .select({ id: advertisers.id })
      .from(advertisers)
      .where(eq(advertisers.name, 'Demo Shop'));
    const folder = join(t.deps.config.dataDir, 'feeds');
    await mkdir(folder, { recursive: true });
    const path = join(folder, 'million.csv');
    await writeCsv(path);
    const [queued] = await t.database.db
      .insert(feedImports)
      .values({ advertiserId: shop?.id as number, trigger: 'upload', filePath: path })
      .returning();

    const before = heapAfterCollection();
    let peak = 0;
    let samples = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, heapAfterCollection() - before);
      samples += 1;
    }, 2000);
    const started = performance.now();
    try {
      await feedWorker(t).runOnce();
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    const growth = heapAfterCollection() - before;
    console.info(
      `${PRODUCTS} products imported in ${seconds.toFixed(1)} s (${Math.round(PRODUCTS / seconds)}/s), retained heap peak ${(peak / 2 ** 20).toFixed(1)} MB, after ${(growth / 2 ** 20).toFixed(1)} MB`,
    );

    const done = await feedImport(t, token, queued?.id as number);
    expect(done).toMatchObject({
      status: 'succeeded',
      itemsRead: PRODUCTS,
      summary: { added: PRODUCTS, updated: 0, unchanged: 0, removed: 0, rejected: 0 },
    });
    const [active] = await t.database.db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.advertiserId, shop?.id as number), isNull(products.removedAt)));
    expect(active?.n).toBe(PRODUCTS);
    expect(samples).toBeGreaterThan(0);
    expect(peak).toBeLessThan(HEAP_BOUND);
    expect(growth).toBeLessThan(HEAP_BOUND);
  });
});
