import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { advertisers, demoAccounts, feedImports, logExternalApis, productFeeds } from '@rtb/db';
import { rtbViewStatusMessages } from '@rtb/shared';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { csvFeed, feedImport, feedWorker } from './test-helpers';
import type { FeedWorker } from './worker';

/** The shop's server: what each path answers, and the requests it saw. */
const seen: { url: string; headers: Record<string, string | string[] | undefined> }[] = [];
let body = csvFeed([{ id: 'U1' }, { id: 'U2' }]);
let site: Server;
let base: string;
let t: TestApp;
let strict: TestApp;
let token: string;
let worker: FeedWorker;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  site = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const etag = `"${Buffer.byteLength(body)}-${body.length % 97}"`;
    switch (req.url?.split('?')[0]) {
      case '/feed.csv':
        if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
        return void res.writeHead(200, { etag, 'content-type': 'text/csv' }).end(body);
      case '/no-validators.csv':
        return void res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
      case '/gzip.csv':
        return void res
          .writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/csv' })
          .end(gzipSync(body));
      case '/moved':
        return void res.writeHead(302, { location: '/feed.csv' }).end();
      case '/missing':
        return void res.writeHead(404).end();
      case '/huge':
        // No Content-Length: the limit is found while reading.
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write(csvFeed([{ id: 'H1' }]));
        return void res.end(Buffer.alloc(200 * 1024, 0x20));
      case '/drip': {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write('id,title\n');
        const timer = setInterval(() => {
          if (res.destroyed) return clearInterval(timer);
          res.write('x');
        }, 50);
        return;
      }
      default:
        res.writeHead(404).end();
    }
  });
  base = `http://127.0.0.1:${await listen(site)}`;
  [t, strict] = await Promise.all([
    createTestApp({
      demo: true,
      config: { urlVerifyAllowPrivate: true, feedMaxBytes: 100 * 1024, feedFetchTimeoutMs: 500 },
    }),
    createTestApp({ demo: true }),
  ]);
  token = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  worker = feedWorker(t);
});

afterAll(async () => {
  await worker.stop();
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
  await Promise.all([t?.close(), strict?.close()]);
});

beforeEach(() => {
  seen.length = 0;
});

const setFeed = (app: TestApp, auth: string, url: string) =>
  app.call({
    method: 'PUT',
    url: '/api/advertiser/product-feed',
    token: auth,
    payload: { source: 'url', url, schedule: 'hourly' },
  });
const refresh = async (app: TestApp = t, auth = token) => {
  const res = await app.call({ method: 'POST', url: '/api/advertiser/product-feed/refresh', token: auth });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data.feedImport;
};
const imports = async () =>
  (await t.call({ method: 'GET', url: '/api/advertiser/product-feed/imports?perPage=100', token })).body.data
    .feedImports.elements;

describe('a URL feed', () => {
  it('is fetched once set, then conditionally: 304 is not_modified', async () => {
    const set = await setFeed(t, token, `${base}/moved`);
    expect(set.status).toBe(200);
    // Queued at once, so the page can follow it; the schedule's next fetch is an hour away.
    expect(set.body.data.productFeed.lastImport).toMatchObject({ trigger: 'manual', status: 'queued' });
    await worker.runOnce();
    const [first] = await imports();
    expect(first).toMatchObject({
      trigger: 'manual',
      status: 'succeeded',
      format: 'csv',
      summary: { added: 2, updated: 0, unchanged: 0, removed: 0, rejected: 0 },
    });
    expect(seen.map((s) => s.url)).toEqual(['/moved', '/feed.csv']);
    expect(seen[1]?.headers['accept-encoding']).toBe('gzip');
    // Each request, the redirect too, is in the external-API log.
    await t.deps.externalCalls.settled();
    const logged = await t.database.db
      .select()
      .from(logExternalApis)
      .where(eq(logExternalApis.service, 'product-feed'));
    expect(logged.map((row) => [row.url, row.statusCode])).toEqual([
      [`${base}/moved`, 302],
      [`${base}/feed.csv`, 200],
    ]);

    // The schedule's next fetch is an hour away: a round now fetches nothing.
    seen.length = 0;
    await worker.runOnce();
    expect(seen).toEqual([]);

    const again = await refresh();
    expect(again).toMatchObject({ trigger: 'manual', status: 'queued' });
    // Pressing refresh twice queues one fetch.
    expect((await refresh()).id).toBe(again.id);
    await worker.runOnce();
    expect(await feedImport(t, token, again.id)).toMatchObject({
      status: 'not_modified',
      summary: { added: 0 },
    });
    expect(seen[1]?.headers['if-none-match']).toMatch(/^"/);
    const status = (await t.call({ method: 'GET', url: '/api/advertiser/rtb-views/status', token })).body.data
      .rtbViewStatus.products;
    expect(status).toMatchObject({ commonStatus: 'Ok' });

    body = csvFeed([{ id: 'U1', title: 'Renamed' }, { id: 'U3' }]);
    const changed = await refresh();
    await worker.runOnce();
    expect((await feedImport(t, token, changed.id)).summary).toEqual({
      added: 1,
      updated: 1,
      unchanged: 0,
      removed: 1,
      rejected: 0,
    });
  });

  it('without validators, the same bytes again are not_modified too', async () => {
    await setFeed(t, token, `${base}/no-validators.csv`);
    await worker.runOnce();
    const second = await refresh();
    await worker.runOnce();
    expect(await feedImport(t, token, second.id)).toMatchObject({ status: 'not_modified' });
    expect(seen.filter((s) => s.url === '/no-validators.csv')).toHaveLength(2);
  });

  it('takes a gzip response', async () => {
    body = csvFeed([{ id: 'Z1' }, { id: 'Z2' }, { id: 'Z3' }]);
    await setFeed(t, token, `${base}/gzip.csv`);
    await worker.runOnce();
    const [newest] = await imports();
    expect(newest).toMatchObject({
      status: 'succeeded',
      summary: { added: 3 },
      bytesTotal: gzipSync(body).length,
    });
  });

  it.each([
    [
      '/missing',
      'http_status',
      'HTTP 404',
      rtbViewStatusMessages.productsHttpStatus.replace('{status}', '404'),
      { messageKey: 'productsHttpStatus', params: { status: '404' } },
    ],
    [
      '/huge',
      'too_large',
      expect.any(String),
      rtbViewStatusMessages.productsTooLarge,
      { messageKey: 'productsTooLarge' },
    ],
    ['/drip', 'timeout', null, rtbViewStatusMessages.productsTimeout, { messageKey: 'productsTimeout' }],
  ])('fails %s as %s, marking nothing removed', async (path, errorCode, errorDetail, message, key) => {
    const active = async () =>
      (await t.call({ method: 'GET', url: '/api/advertiser/products', token })).body.data.products.meta.total;
    const before = await active();
    await setFeed(t, token, `${base}${path}`);
    await worker.runOnce();
    const [newest] = await imports();
    expect(newest).toMatchObject({ status: 'failed', errorCode, errorDetail });
    expect(await active()).toBe(before);
    const status = (await t.call({ method: 'GET', url: '/api/advertiser/rtb-views/status', token })).body.data
      .rtbViewStatus.products;
    expect(status).toEqual({ commonStatus: 'Error', message, ...key, requiresAction: true });
  });
});

describe('SSRF protection (default config)', () => {
  it('fetches nothing from private addresses: the import fails as unsafe_address', async () => {
    const solo = await strict.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
    const port = new URL(base).port;
    for (const url of [
      `${base}/feed.csv`,
      `http://localhost:${port}/feed.csv`,
      'http://169.254.169.254/latest/',
    ]) {
      await setFeed(strict, solo, url);
      const queued = await refresh(strict, solo);
      await feedWorker(strict).runOnce();
      expect(await feedImport(strict, solo, queued.id), url).toMatchObject({
        status: 'failed',
        errorCode: 'unsafe_address',
      });
    }
    expect(seen).toEqual([]);
  });
});

describe('the feed worker', () => {
  it('never runs one import twice, nor two of one advertiser at once, with two workers', async () => {
    body = csvFeed([{ id: 'W1' }]);
    const ids = (await t.database.db.select({ id: advertisers.id }).from(advertisers)).map((a) => a.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    // A URL feed and three queued fetches per advertiser (a fresh URL each, so none is a 304).
    const queuedIds: number[] = [];
    for (const advertiserId of ids) {
      await t.database.db
        .insert(productFeeds)
        .values({
          advertiserId,
          source: 'url',
          url: `${base}/no-validators.csv?a=${advertiserId}`,
          schedule: 'daily',
          nextFetchAt: new Date(Date.now() + 3_600_000),
        })
        .onConflictDoUpdate({
          target: productFeeds.advertiserId,
          set: {
            source: 'url',
            url: `${base}/no-validators.csv?a=${advertiserId}`,
            schedule: 'daily',
            contentSha256: null,
          },
        });
      const rows = await t.database.db
        .insert(feedImports)
        .values([1, 2, 3].map(() => ({ advertiserId, trigger: 'manual' as const })))
        .returning({ id: feedImports.id });
      queuedIds.push(...rows.map((row) => row.id));
    }
    const queued = ids.length * 3;
    const second = feedWorker(t);
    await Promise.all([worker.runOnce(), second.runOnce()]);
    await second.stop();
    const runs = await t.database.db
      .select({ status: feedImports.status, errorCode: feedImports.errorCode, n: count() })
      .from(feedImports)
      .where(inArray(feedImports.id, queuedIds))
      .groupBy(feedImports.status, feedImports.errorCode);
    const byStatus = Object.fromEntries(runs.map((r) => [r.errorCode ?? r.status, r.n]));
    // Each import ran once: one fetch each, the first of an advertiser imported, the rest unchanged.
    expect(seen.filter((s) => s.url.startsWith('/no-validators.csv?a='))).toHaveLength(queued);
    expect(byStatus).toEqual({ succeeded: ids.length, not_modified: queued - ids.length });
  });

  it('fails a run whose lease ran out as interrupted, and goes on with the next', async () => {
    const [shop] = await t.database.db
      .select({ id: advertisers.id })
      .from(advertisers)
      .where(eq(advertisers.name, 'Demo Shop'));
    const advertiserId = shop?.id as number;
    const [crashed] = await t.database.db
      .insert(feedImports)
      .values({
        advertiserId,
        trigger: 'manual',
        status: 'running',
        leaseToken: '00000000-0000-4000-8000-000000000000',
        leaseExpiresAt: new Date(Date.now() - 1000),
        startedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    // A queued one of the same advertiser waits behind the crashed run until it is given up.
    await t.database.db.insert(feedImports).values({ advertiserId, trigger: 'manual' });
    await worker.runOnce();
    expect(await feedImport(t, token, crashed?.id as number)).toMatchObject({
      status: 'failed',
      errorCode: 'interrupted',
    });
    const [newest] = await imports();
    expect(newest.status).not.toMatch(/queued|running/);
  });

  it('queues due URL feeds on its rounds, one import each', async () => {
    await t.database.db.update(productFeeds).set({ nextFetchAt: new Date(Date.now() - 1000) });
    const before = (await imports()).length;
    await worker.runOnce();
    expect((await imports()).length).toBe(before + 1);
    const [feed] = await t.database.db.select().from(productFeeds).limit(1);
    expect(feed?.nextFetchAt?.getTime()).toBeGreaterThan(Date.now());
  });
});
