import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { activityLogs, demoAccounts, feedImportRejections, feedImports, products } from '@rtb/db';
import { productImagePath, productImageUrlTemplate } from '@rtb/delivery';
import {
  feedImportResponse,
  messages,
  productFeedMessages,
  productResponse,
  productsResponse,
  rtbViewStatusMessages,
} from '@rtb/shared';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { BATCH_ROWS, MAX_KEPT_REJECTIONS } from './read-feed-batches';
import { csvFeed, feedWorker, importUpload, uploadFeed } from './test-helpers';
import type { FeedWorker } from './worker';

let t: TestApp;
let token: string;
let worker: FeedWorker;

beforeAll(async () => {
  t = await createTestApp({ demo: true, config: { feedMaxBytes: 2 * 1024 * 1024 } });
  token = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  worker = feedWorker(t);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

const get = (url: string) => t.call({ method: 'GET', url, token });
const status = async () => (await get('/api/advertiser/rtb-views/status')).body.data.rtbViewStatus.products;

describe('uploading a feed', () => {
  it('queues the upload (202) and imports it: products, summary, progress and the feed', async () => {
    expect(await status()).toEqual({
      commonStatus: 'Warning',
      message: rtbViewStatusMessages.productsNoFeed,
      messageKey: 'productsNoFeed',
      requiresAction: true,
    });
    const content = csvFeed([{ id: 'A1' }, { id: 'A2', brand: 'Zeta' }, { id: 'A3', productType: 'Hats' }]);
    const queued = await uploadFeed(t, token, content);
    expect(queued.status).toBe(202);
    expect(feedImportResponse.safeParse(queued.body).success).toBe(true);
    expect(queued.body.data.feedImport).toMatchObject({ trigger: 'upload', status: 'queued', itemsRead: 0 });
    expect(await status()).toMatchObject({ commonStatus: 'Processing' });

    await worker.runOnce();
    const done = (await get(`/api/advertiser/product-feed/imports/${queued.body.data.feedImport.id}`)).body
      .data.feedImport;
    expect(done).toMatchObject({
      status: 'succeeded',
      format: 'csv',
      bytesRead: Buffer.byteLength(content),
      bytesTotal: Buffer.byteLength(content),
      itemsRead: 3,
      summary: { added: 3, updated: 0, unchanged: 0, removed: 0, rejected: 0 },
      errorCode: null,
    });
    expect(done.finishedAt).not.toBeNull();
    // The file is gone once imported.
    expect(await readdir(join(t.deps.config.dataDir, 'feeds'))).toEqual([]);

    const feed = (await get('/api/advertiser/product-feed')).body.data.productFeed;
    expect(feed).toMatchObject({ source: 'upload', url: null, schedule: null, productCount: 3 });
    expect(feed.lastImport.id).toBe(done.id);
    expect(feed.lastSuccessfulImport.id).toBe(done.id);
    expect(await status()).toEqual({
      commonStatus: 'Ok',
      message: rtbViewStatusMessages.productsActive.replace('{count}', '3'),
      messageKey: 'productsActive',
      params: { count: 3 },
      requiresAction: false,
    });

    const list = await get('/api/advertiser/products');
    expect(list.status).toBe(200);
    expect(productsResponse.safeParse(list.body).success).toBe(true);
    const [first] = list.body.data.products.elements;
    expect(first).toMatchObject({
      id: 'A1',
      title: 'Product A1',
      price: { micros: 10_000_000, currency: 'USD' },
      availability: 'in_stock',
      removedAt: null,
    });
    expect(first.thumbnailUrl).toBe(
      productImagePath(first.key, 'https://img.shop.example/A1.jpg', { width: 96, height: 96 }),
    );
    expect(first.imageUrlTemplate).toBe(
      productImageUrlTemplate(first.key, 'https://img.shop.example/A1.jpg'),
    );
    const one = await get(`/api/advertiser/products/${first.key}`);
    expect(productResponse.safeParse(one.body).success).toBe(true);
    expect(one.body.data.product).toEqual({
      ...first,
      tagActivity: { views: 0, addsToCart: 0, purchases: 0, lastEventAt: null },
    });
  });

  it('counts added, updated, unchanged and removed across imports; a removed product comes back', async () => {
    // A1 unchanged, A2 changed, A3 gone, B1 new.
    const second = await importUpload(
      t,
      token,
      worker,
      csvFeed([{ id: 'A1' }, { id: 'A2', brand: 'Zeta', price: '12.50 USD' }, { id: 'B1' }]),
    );
    expect(second.summary).toEqual({ added: 1, updated: 1, unchanged: 1, removed: 1, rejected: 0 });
    const removed = (await get('/api/advertiser/products?state=removed')).body.data.products.elements;
    expect(removed.map((p: { id: string }) => p.id)).toEqual(['A3']);
    expect(removed[0].removedAt).not.toBeNull();
    expect((await get('/api/advertiser/products?state=all')).body.data.products.meta.total).toBe(4);

    const third = await importUpload(
      t,
      token,
      worker,
      csvFeed([
        { id: 'A1' },
        { id: 'A2', brand: 'Zeta', price: '12.50 USD' },
        { id: 'B1' },
        { id: 'A3', productType: 'Hats' },
      ]),
    );
    expect(third.summary).toEqual({ added: 1, updated: 0, unchanged: 3, removed: 0, rejected: 0 });
    const a3 = (await get('/api/advertiser/products?search=A3')).body.data.products.elements;
    expect(a3).toHaveLength(1);
    expect(a3[0].removedAt).toBeNull();
  });

  it('rejects an id seen twice in one import as duplicate_id, within a batch and across batches', async () => {
    const size = BATCH_ROWS + 500;
    const many = Array.from({ length: size }, (_, i) => ({ id: `D${i}` }));
    // D5 again in the first batch, D10 again in the second (the first batch is written by then).
    const rows = [...many.slice(0, 100), { id: 'D5', title: 'Again' }, ...many.slice(100), { id: 'D10' }];
    const done = await importUpload(t, token, worker, csvFeed(rows));
    expect(done.status).toBe('succeeded');
    expect(done.summary).toMatchObject({ added: size, rejected: 2 });
    expect(done.itemsRead).toBe(size + 2);
    const rejections = (await get(`/api/advertiser/product-feed/imports/${done.id}/rejections`)).body.data
      .rejections;
    // Positions are CSV lines: the header is line 1.
    expect(rejections.elements).toEqual([
      { position: 102, productId: 'D5', attribute: 'id', reason: 'duplicate_id' },
      { position: size + 3, productId: 'D10', attribute: 'id', reason: 'duplicate_id' },
    ]);
    // The first one read is the one kept.
    const d5 = (await get('/api/advertiser/products?search=D5')).body.data.products.elements;
    expect(d5.find((p: { id: string }) => p.id === 'D5').title).toBe('Product D5');
  });

  it('lists rejections by row in pages and downloads them as CSV', async () => {
    const done = await importUpload(
      t,
      token,
      worker,
      csvFeed([
        { id: 'R1' },
        { id: 'R2', price: 'free' },
        { id: 'R3', availability: 'maybe', imageLink: 'javascript:alert(1)' },
        '=cmd|calc,x,https://shop.example/p,https://img.shop.example/x.jpg,1 USD,in stock,,',
        { id: 'R4' },
        '=cmd|calc,y,https://shop.example/p,https://img.shop.example/x.jpg,1 USD,in stock,,',
      ]),
    );
    expect(done.summary).toMatchObject({ added: 3, rejected: 3 });
    const url = `/api/advertiser/product-feed/imports/${done.id}/rejections`;
    const page1 = (await get(`${url}?perPage=2`)).body.data.rejections;
    expect(page1.meta).toEqual({ page: 1, perPage: 2, total: 4, lastPage: 2 });
    expect(page1.elements).toEqual([
      { position: 3, productId: null, attribute: 'price', reason: 'invalid_price' },
      { position: 4, productId: null, attribute: 'image_link', reason: 'invalid_image_link' },
    ]);
    const page2 = (await get(`${url}?perPage=2&page=2`)).body.data.rejections;
    expect(page2.elements).toEqual([
      { position: 4, productId: null, attribute: 'availability', reason: 'invalid_availability' },
      { position: 7, productId: '=cmd|calc', attribute: 'id', reason: 'duplicate_id' },
    ]);
    // A formula-looking id reaches a spreadsheet as text, never run.
    const csv = await get(`${url}/download`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="feed-import-${done.id}-rejections.csv"`,
    );
    expect(csv.body).toBe(
      "position,product id,attribute,reason\n3,,price,invalid_price\n4,,image_link,invalid_image_link\n4,,availability,invalid_availability\n7,'=cmd|calc,id,duplicate_id\n",
    );
  });

  it('keeps at most 10,000 rejections of an import but counts every rejected row', async () => {
    const rows = Array.from({ length: MAX_KEPT_REJECTIONS + 200 }, (_, i) => ({
      id: `X${i}`,
      price: 'none',
    }));
    const done = await importUpload(t, token, worker, csvFeed([{ id: 'OK1' }, ...rows]));
    expect(done.summary).toMatchObject({ added: 1, rejected: MAX_KEPT_REJECTIONS + 200 });
    const [kept] = await t.database.db
      .select({ n: count() })
      .from(feedImportRejections)
      .where(eq(feedImportRejections.importId, done.id));
    expect(kept?.n).toBe(MAX_KEPT_REJECTIONS);
    expect(await status()).toMatchObject({
      commonStatus: 'Warning',
      message: `Rows rejected in the last feed import: ${MAX_KEPT_REJECTIONS + 200} of ${MAX_KEPT_REJECTIONS + 201}.`,
    });
  });

  it('unpacks a gzipped file (by its bytes, whatever its name)', async () => {
    const content = csvFeed([{ id: 'G1' }, { id: 'G2' }]);
    const packed = gzipSync(content);
    const done = await importUpload(t, token, worker, packed);
    expect(done).toMatchObject({
      status: 'succeeded',
      format: 'csv',
      bytesRead: packed.length,
      bytesTotal: packed.length,
    });
    expect(done.summary).toMatchObject({ added: 2 });
  });

  it('fails a gzip bomb as too_large and marks nothing removed', async () => {
    const active = () =>
      t.database.db.select({ id: products.id }).from(products).where(isNull(products.removedAt));
    const before = await active();
    const bomb = gzipSync(
      Buffer.concat([Buffer.from(csvFeed([{ id: 'BOMB' }])), Buffer.alloc(8 * 1024 * 1024, 0x20)]),
    );
    expect(bomb.length).toBeLessThan(64 * 1024);
    const done = await importUpload(t, token, worker, bomb);
    expect(done).toMatchObject({ status: 'failed', errorCode: 'too_large' });
    // What it read before the limit is kept as read; nothing is marked removed.
    expect(await active()).toEqual(expect.arrayContaining(before));
    expect(await status()).toEqual({
      commonStatus: 'Error',
      message: rtbViewStatusMessages.productsTooLarge,
      messageKey: 'productsTooLarge',
      requiresAction: true,
    });
  });

  it('fails a malformed XML feed with where it broke, keeping the products read before it', async () => {
    const xml = `<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>M1</g:id><g:title>T</g:title><g:link>https://s.example/1</g:link><g:image_link>https://s.example/1.jpg</g:image_link><g:price>1 EUR</g:price><g:availability>in stock</g:availability></item>
<item><g:id>M2</g:id><g:title>broken</g:titel></item></channel></rss>`;
    const done = await importUpload(t, token, worker, xml);
    expect(done).toMatchObject({ status: 'failed', format: 'xml', errorCode: 'malformed_xml', itemsRead: 1 });
    expect(done.errorDetail).toMatch(/^line 3: /);
    expect((await get('/api/advertiser/products?search=M1')).body.data.products.meta.total).toBe(1);
    // Nothing was marked removed by the failed import.
    expect(
      (await get('/api/advertiser/products?search=G1')).body.data.products.elements[0].removedAt,
    ).toBeNull();
    expect(await status()).toMatchObject({
      commonStatus: 'Error',
      message: rtbViewStatusMessages.productsFeedUnreadable,
      messageKey: 'productsFeedUnreadable',
    });
  });

  it('imports a CSV with a NUL in a value, dropped (PostgreSQL stores none)', async () => {
    const done = await importUpload(
      t,
      token,
      worker,
      csvFeed([{ id: 'N1', title: 'Nu\u0000ll' }, { id: 'N2' }]),
    );
    expect(done).toMatchObject({ status: 'succeeded', summary: { added: 2, rejected: 0 } });
    const [n1] = (await get('/api/advertiser/products?search=N1')).body.data.products.elements;
    expect(n1.title).toBe('Null');
  });

  it('fails a feed without a single valid product as empty_feed', async () => {
    const done = await importUpload(t, token, worker, csvFeed([{ id: 'E1', price: 'x' }]));
    expect(done).toMatchObject({ status: 'failed', errorCode: 'empty_feed' });
    const notFeed = await importUpload(t, token, worker, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
    expect(notFeed).toMatchObject({ status: 'failed', errorCode: 'unrecognised_format' });
  });

  it('refuses a file over the limit with 422 on file, leaving no file behind', async () => {
    const res = await uploadFeed(t, token, Buffer.alloc(2 * 1024 * 1024 + 1, 0x41));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: messages.validation,
      code: 422,
      error: 'validation.failed',
      issues: expect.any(Object),
      errors: { file: [productFeedMessages.fileTooLarge.replace('{max}', '2')] },
    });
    expect(await readdir(join(t.deps.config.dataDir, 'feeds'))).toEqual([]);
  });

  it('refuses an upload without a file, an empty file or JSON with 422 on file', async () => {
    const expected = {
      message: messages.validation,
      code: 422,
      error: 'validation.failed',
      issues: expect.any(Object),
      errors: { file: [productFeedMessages.fileRequired] },
    };
    expect((await uploadFeed(t, token, '')).body).toEqual(expected);
    const json = await t.call({
      method: 'POST',
      url: '/api/advertiser/product-feed/uploads',
      token,
      payload: {},
    });
    expect(json.status).toBe(422);
    expect(json.body).toEqual(expected);
  });
});

describe('the feed settings', () => {
  it('sets a URL feed with its schedule, logged in the activity log, and back to uploads', async () => {
    const put = (payload: object) =>
      t.call({ method: 'PUT', url: '/api/advertiser/product-feed', token, payload });
    const res = await put({ source: 'url', url: 'https://shop.example/feed.xml', schedule: 'daily' });
    expect(res.status).toBe(200);
    expect(res.body.data.productFeed).toMatchObject({
      source: 'url',
      url: 'https://shop.example/feed.xml',
      schedule: 'daily',
    });
    expect(res.body.data.productFeed.nextFetchAt).not.toBeNull();
    const logs = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityType, 'product_feed'), eq(activityLogs.event, 'updated')));
    expect(logs).toHaveLength(1);
    expect(logs[0]?.changes).toEqual({
      before: { source: 'upload', url: null, schedule: null },
      after: { source: 'url', url: 'https://shop.example/feed.xml', schedule: 'daily' },
    });
    // The same settings again change nothing and log nothing.
    await put({ source: 'url', url: 'https://shop.example/feed.xml', schedule: 'daily' });
    const [waiting] = await t.database.db
      .select()
      .from(feedImports)
      .where(eq(feedImports.status, 'queued'))
      .orderBy(desc(feedImports.id))
      .limit(1);
    expect(waiting).toMatchObject({ trigger: 'manual', filePath: null });
    const back = await put({ source: 'upload' });
    // The fetch that was waiting is dropped with the URL.
    expect(
      await t.database.db
        .select()
        .from(feedImports)
        .where(eq(feedImports.id, waiting?.id as number)),
    ).toEqual([]);
    expect(back.body.data.productFeed).toMatchObject({
      source: 'upload',
      url: null,
      schedule: null,
      nextFetchAt: null,
    });
    const [n] = await t.database.db
      .select({ n: count() })
      .from(activityLogs)
      .where(eq(activityLogs.entityType, 'product_feed'));
    expect(n?.n).toBe(2);
  });

  it.each([
    [{ source: 'url', url: 'ftp://shop.example/feed', schedule: 'daily' }, 'url'],
    [{ source: 'url', url: 'not a url', schedule: 'daily' }, 'url'],
    [{ source: 'url', url: 'https://shop.example/feed', schedule: 'weekly' }, 'schedule'],
    [{ source: 'url', schedule: 'daily' }, 'url'],
    [{ source: 'ftp' }, 'source'],
  ])('refuses %o with 422 on %s', async (payload, field) => {
    const res = await t.call({ method: 'PUT', url: '/api/advertiser/product-feed', token, payload });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it('refuses a refresh of a feed of uploads with 422', async () => {
    const res = await t.call({ method: 'POST', url: '/api/advertiser/product-feed/refresh', token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(productFeedMessages.noUrl);
  });

  it('refuses bad list queries with 422 and answers the filters', async () => {
    await importUpload(
      t,
      token,
      worker,
      csvFeed([
        { id: 'F1' },
        { id: 'F2', brand: 'Zeta' },
        { id: 'F3', productType: 'Hats', availability: 'preorder' },
      ]),
    );
    expect((await get('/api/advertiser/products?availability=sometimes')).status).toBe(422);
    expect((await get('/api/advertiser/products?state=gone')).status).toBe(422);
    expect((await get('/api/advertiser/products/abc')).status).toBe(422);
    expect((await get('/api/advertiser/product-feed/imports?perPage=0')).status).toBe(422);
    const facets = (await get('/api/advertiser/products/facets')).body.data.productFacets;
    expect(facets.brands).toEqual(['Acme', 'Zeta']);
    expect(facets.productTypes).toEqual(['Hats', 'Shoes']);
    const zeta = (await get('/api/advertiser/products?brand=Zeta')).body.data.products.elements;
    expect(zeta.map((p: { id: string }) => p.id)).toEqual(['F2']);
    const hats = (await get('/api/advertiser/products?productType=Hats&availability=preorder')).body.data
      .products;
    expect(hats.elements.map((p: { id: string }) => p.id)).toEqual(['F3']);
    expect(
      (await get('/api/advertiser/products?productType=Hats&availability=in_stock')).body.data.products.meta
        .total,
    ).toBe(0);
    expect((await get('/api/advertiser/products?search=f2')).body.data.products.elements[0].id).toBe('F2');
  });

  it('answers 404 for an import or product of another advertiser', async () => {
    const solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
    const [product] = await t.database.db.select().from(products).limit(1);
    const imports = (await get('/api/advertiser/product-feed/imports')).body.data.feedImports.elements;
    expect(imports.length).toBeGreaterThan(5);
    for (const url of [
      `/api/advertiser/products/${product?.id}`,
      `/api/advertiser/product-feed/imports/${imports[0].id}`,
      `/api/advertiser/product-feed/imports/${imports[0].id}/rejections`,
      `/api/advertiser/product-feed/imports/${imports[0].id}/rejections/download`,
    ]) {
      const res = await t.call({ method: 'GET', url, token: solo });
      expect(res.status, url).toBe(404);
    }
    expect(
      (await t.call({ method: 'GET', url: '/api/advertiser/products', token: solo })).body.data.products.meta
        .total,
    ).toBe(0);
    expect(
      (await t.call({ method: 'GET', url: '/api/advertiser/product-feed', token: solo })).body.data
        .productFeed,
    ).toBeNull();
  });
});
