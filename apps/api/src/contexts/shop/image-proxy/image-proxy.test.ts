import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { logExternalApis, products } from '@rtb/db';
import { productImagePath } from '@rtb/delivery';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { organisationId } from '../../organisations/organisations/test-users';
import { insertProduct } from '../products/test-helpers';

/*
 * The product image proxy over HTTP: what it answers for a product's current image path, and
 * that nothing else makes it fetch or render. The shop is a local server (private addresses are
 * allowed for this app only; the SSRF guard itself is url-verify's and products' to test).
 */

let shop: Server;
let shopBase: string;
let t: TestApp;
let advertiserId: number;
const fetched: string[] = [];

beforeAll(async () => {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
  shop = createServer((req, res) => {
    fetched.push(req.url ?? '');
    if (req.url === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopBase = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  t = await createTestApp({ demo: true, config: { urlVerifyAllowPrivate: true } });
  advertiserId = await organisationId(t, 'advertiser', 'Demo Shop');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => shop.close(resolve));
});

/** A product whose image is `path` on the shop's server; its image path in a box. */
async function productWith(path: string, box = 240) {
  const key = await insertProduct(t, advertiserId, { productId: `p-${path}-${Math.random()}` });
  const imageLink = `${shopBase}${path}`;
  await t.database.db.update(products).set({ imageLink }).where(eq(products.id, key));
  return { key, url: productImagePath(key, imageLink, { width: box, height: box }) };
}

describe('GET /img/products/<key>/<box>/<version>', () => {
  it('serves the product image fitted in its box as WebP, cacheable for a year, revalidated by its ETag', async () => {
    const { url } = await productWith('/photo.jpg');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    });
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 240, 180]);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Fetched once, and logged as an outgoing call.
    expect(fetched.filter((path) => path === '/photo.jpg')).toHaveLength(1);
    await t.deps.externalCalls.settled();
    const calls = await t.database.db
      .select()
      .from(logExternalApis)
      .where(eq(logExternalApis.service, 'product-image'));
    expect(calls.map((call) => call.url)).toEqual([`${shopBase}/photo.jpg`]);
  });

  it('answers 404 for any path that is not a product image’s current one, without fetching', async () => {
    const { key, url } = await productWith('/photo.jpg', 96);
    const before = fetched.length;
    for (const wrong of [
      url.replace(/\/[0-9a-f]{12}$/, '/000000000000'), // another version
      url.replace('/96x96/', '/97x97/'), // not a box of ours
      url.replace('/96x96/', '/96x160/'),
      url.replace(`/${key}/`, `/${key + 1000}/`), // no such product
      url.replace(`/${key}/`, '/abc/'),
      '/img/products/1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: wrong });
      expect(res.statusCode, wrong).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(fetched.length).toBe(before);
  });

  it('answers 404 for a source that is not an image or not there, for five minutes, with a neutral placeholder to show', async () => {
    for (const path of ['/page.html', '/missing.jpg']) {
      const { url } = await productWith(path);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      // A banner shows the placeholder, never the browser's broken-image icon and alt text.
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      const placeholder = await sharp(res.rawPayload).metadata();
      expect(placeholder.format).toBe('svg');
    }
  });
});
