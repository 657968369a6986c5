/**
 * The product feed import (issue 15; bounded memory, issue 28): a generated 1,000,000-product
 * feed in Merchant Center XML and in CSV, imported into a fresh database (the feed worker's run
 * in a process as `ROLE=worker` makes it: the feed read in a thread of its own, batched upserts,
 * progress) against a bare streaming parse of the same file (`parseFeed` and nothing else). Each
 * measurement runs in a process of its own, so its peak RSS is its own. The goals: the import at half the parse's rate or more,
 * and a peak RSS of 300 MB or less, whatever the feed's length.
 *
 *   npm run bench:feed-import                                  # PGlite (the embedded default)
 *   BENCH_FEED_PRODUCTS=100000 npm run bench:feed-import       # a smaller feed
 *   DATABASE_URL=postgres://... npm run bench:feed-import      # a PostgreSQL server
 *
 * bench/README.md describes the output.
 */
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { advertisers, feedImports, seedDemoData } from '@rtb/db';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { forceExit, positiveInt, printTable } from './print-table';

const PRODUCTS = positiveInt('BENCH_FEED_PRODUCTS', 1_000_000);
/** Goals (issue 28): the import's rate against the bare parse's, and its process's peak RSS. */
const RATE_GOAL = 0.5;
const RSS_GOAL_MB = 300;
type Format = 'xml' | 'csv';
type Mode = 'parse' | 'import';
interface Result {
  products: number;
  seconds: number;
  /** The process's RSS when the measured work started (modules loaded; for the import, the worker's dependencies made). */
  startRssMb: number;
  peakRssMb: number;
}

const xmlItem = (id: number) =>
  `<item><g:id>SKU-${id}</g:id><g:title><![CDATA[Product ${id} & friends]]></g:title>` +
  `<g:description>A description of product ${id}, long enough to look like one.</g:description>` +
  `<g:link>https://shop.example/p/${id}?ref=feed&amp;v=1</g:link><g:image_link>https://img.shop.example/${id}.jpg</g:image_link>` +
  `<g:price>${id % 1000}.99 USD</g:price><g:availability>in stock</g:availability><g:brand>Brand ${id % 50}</g:brand></item>\n`;
const csvLine = (id: number) =>
  `SKU-${id},"Product ${id}, ""deluxe""",A description of product ${id} long enough to look like one.,https://shop.example/p/${id},https://img.shop.example/${id}.jpg,${id % 1000}.99 USD,in stock,Brand ${id % 50}\n`;

/** The feed, written a thousand products at a time. */
async function writeFeed(path: string, format: Format): Promise<void> {
  const out = createWriteStream(path);
  out.write(
    format === 'xml'
      ? '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\n'
      : 'id,title,description,link,image_link,price,availability,brand\n',
  );
  for (let start = 1; start <= PRODUCTS; start += 1000) {
    let batch = '';
    for (let id = start; id < Math.min(start + 1000, PRODUCTS + 1); id += 1)
      batch += format === 'xml' ? xmlItem(id) : csvLine(id);
    if (!out.write(batch)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  if (format === 'xml') out.write('</channel></rss>\n');
  out.end();
  await finished(out);
}

/** Runs `work` while sampling the process's RSS every 50 ms. */
async function measured(work: () => Promise<number>): Promise<Result> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const products = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    products,
    seconds,
    startRssMb: start / 2 ** 20,
    peakRssMb: Math.max(peak, process.memoryUsage().rss) / 2 ** 20,
  };
}

type ParseFeed = typeof import('../apps/api/src/contexts/shop/products/feed/parse-feed').parseFeed;

/** The bare parse: every product of the file, nothing kept. */
async function parseOnly(parseFeed: ParseFeed, path: string): Promise<number> {
  let products = 0;
  for await (const row of parseFeed(createReadStream(path, { highWaterMark: 256 * 1024 })))
    if (row.ok) products += 1;
  return products;
}

/**
 * The import as a worker process runs it (`ROLE=worker`: the feed worker on the app's
 * dependencies, no HTTP app), into a fresh database with the demo advertiser.
 */
async function importFile(path: string): Promise<Result> {
  const { createTestDatabase } = await import('@rtb/db/testing');
  const { loadConfig } = await import('@rtb/api/config');
  const { createAppDeps } = await import('@rtb/api/create-deps');
  const { startFeedWorker } = await import('@rtb/api/runtime');
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'rtb-bench-worker-'));
  try {
    await seedDemoData(database.db);
    const log = pino({ level: 'warn' });
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const deps = createAppDeps({ db: database.db, config }, () => log);
    const [shop] = await database.db
      .select({ id: advertisers.id })
      .from(advertisers)
      .where(eq(advertisers.name, 'Demo Shop'));
    // The run deletes its file: it gets a copy.
    const folder = join(dataDir, 'feeds');
    await mkdir(folder, { recursive: true });
    const copy = join(folder, 'bench.feed');
    await copyFile(path, copy);
    const [queued] = await database.db
      .insert(feedImports)
      .values({ advertiserId: shop?.id as number, trigger: 'upload', filePath: copy })
      .returning({ id: feedImports.id });
    const worker = startFeedWorker({ deps, log, intervalMs: 3_600_000 });
    const result = await measured(async () => {
      await worker.runOnce();
      const [done] = await database.db
        .select()
        .from(feedImports)
        .where(eq(feedImports.id, queued?.id as number));
      if (done?.status !== 'succeeded') throw new Error(`import ${done?.status}: ${done?.errorCode}`);
      return done.added;
    });
    await worker.stop();
    return result;
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** One measurement in a child process (its RSS is its own). */
async function inChild(mode: Mode, path: string): Promise<Result> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), mode, path],
    { maxBuffer: 1024 * 1024, env: process.env },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Result;
}

async function main(): Promise<void> {
  const [mode, path] = process.argv.slice(2);
  if (mode === 'parse' && path) {
    // Only the parser's modules: what the import's thread loads to read the file.
    const { parseFeed } = await import('../apps/api/src/contexts/shop/products/feed/parse-feed');
    console.log(JSON.stringify(await measured(() => parseOnly(parseFeed, path))));
    return;
  }
  if (mode === 'import' && path) {
    console.log(JSON.stringify(await importFile(path)));
    return;
  }
  const folder = await mkdtemp(join(tmpdir(), 'rtb-bench-feeds-'));
  try {
    const rows: string[][] = [];
    const verdicts: string[] = [];
    for (const format of ['xml', 'csv'] as const) {
      const file = join(folder, `feed.${format}`);
      await writeFeed(file, format);
      const parse = await inChild('parse', file);
      const imported = await inChild('import', file);
      for (const [name, result] of [
        ['bare parse', parse],
        ['import', imported],
      ] as const) {
        if (result.products !== PRODUCTS) throw new Error(`${format} ${name}: ${result.products} products`);
        rows.push([
          format,
          name,
          result.seconds.toFixed(1),
          Math.round(result.products / result.seconds).toLocaleString('en'),
          result.startRssMb.toFixed(0),
          result.peakRssMb.toFixed(0),
        ]);
      }
      const rate = parse.seconds / imported.seconds;
      rows.push([
        format,
        'import / parse',
        `${(imported.seconds / parse.seconds).toFixed(1)}x`,
        `${rate.toFixed(2)}x`,
        '',
        `${(imported.peakRssMb / parse.peakRssMb).toFixed(1)}x`,
      ]);
      const met = (ok: boolean) => (ok ? 'met' : 'missed');
      verdicts.push(
        `${format}: import at ${rate.toFixed(2)}x the bare parse's rate (goal >= ${RATE_GOAL}x: ${met(rate >= RATE_GOAL)}), ` +
          `peak RSS ${imported.peakRssMb.toFixed(0)} MB (goal <= ${RSS_GOAL_MB} MB: ${met(imported.peakRssMb <= RSS_GOAL_MB)}), ` +
          `${(imported.peakRssMb - imported.startRssMb).toFixed(0)} MB over the app before the import`,
      );
    }
    console.log(
      `\n${PRODUCTS.toLocaleString('en')} products per feed (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})\n`,
    );
    printTable(['format', 'run', 'seconds', 'products/s', 'RSS before MB', 'peak RSS MB'], rows, 2);
    console.log(`\n${verdicts.join('\n')}`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(forceExit);
