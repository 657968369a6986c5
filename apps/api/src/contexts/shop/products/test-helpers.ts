import { products } from '@rtb/db';
import type { ProductAvailability } from '@rtb/shared';
import type { TestApp } from '../../../test/harness';
import { multipart } from '../../support/support/test-helpers';
import { type FeedWorker, startFeedWorker } from './worker';

/** One product line of a CSV feed; `fields` override the defaults. */
export interface CsvProduct {
  id: string;
  title?: string;
  price?: string;
  availability?: string;
  brand?: string;
  productType?: string;
  imageLink?: string;
}

const CSV_HEADER = 'id,title,link,image_link,price,availability,brand,product_type';

/** A CSV feed of these products (a product may be a raw line, to break it on purpose). */
export function csvFeed(products: (CsvProduct | string)[]): string {
  const lines = products.map((p) =>
    typeof p === 'string'
      ? p
      : [
          p.id,
          p.title ?? `Product ${p.id}`,
          `https://shop.example/p/${p.id}`,
          p.imageLink ?? `https://img.shop.example/${p.id}.jpg`,
          p.price ?? '10.00 USD',
          p.availability ?? 'in stock',
          p.brand ?? 'Acme',
          p.productType ?? 'Shoes',
        ].join(','),
  );
  return `${[CSV_HEADER, ...lines].join('\n')}\n`;
}

/** POSTs a feed file to the upload route. */
export async function uploadFeed(t: TestApp, token: string, content: string | Buffer, name = 'feed.csv') {
  const body = await multipart({}, [{ field: 'file', name, content }]);
  return t.call({
    method: 'POST',
    url: '/api/advertiser/product-feed/uploads',
    token,
    payload: body.payload,
    headers: body.headers,
  });
}

/** A feed worker on the test app that only runs when asked (`runOnce`). */
export function feedWorker(t: TestApp, leaseMs?: number): FeedWorker {
  return startFeedWorker({ deps: t.deps, log: t.app.log, intervalMs: 3_600_000, leaseMs });
}

/** Uploads a feed and runs it; returns the import as the API shows it when done. */
export async function importUpload(t: TestApp, token: string, worker: FeedWorker, content: string | Buffer) {
  const queued = await uploadFeed(t, token, content);
  if (queued.status !== 202) throw new Error(`upload: ${queued.status} ${JSON.stringify(queued.body)}`);
  await worker.runOnce();
  return feedImport(t, token, queued.body.data.feedImport.id);
}

export async function feedImport(t: TestApp, token: string, id: number) {
  const res = await t.call({ method: 'GET', url: `/api/advertiser/product-feed/imports/${id}`, token });
  if (res.status !== 200) throw new Error(`import ${id}: ${res.status}`);
  return res.body.data.feedImport;
}

/**
 * A product of an advertiser's feed written straight into the table (for other modules' tests
 * that need products without importing a feed); returns its key.
 */
export async function insertProduct(
  t: TestApp,
  advertiserId: number,
  product: {
    productId: string;
    productType?: string | null;
    availability?: ProductAvailability;
    priceMicros?: number;
    salePriceMicros?: number | null;
    salePriceCurrency?: string | null;
    removedAt?: Date | null;
  },
): Promise<number> {
  const [row] = await t.database.db
    .insert(products)
    .values({
      advertiserId,
      productId: product.productId,
      title: `Product ${product.productId}`,
      link: `https://shop.example/p/${encodeURIComponent(product.productId)}`,
      imageLink: `https://shop.example/img/${encodeURIComponent(product.productId)}.jpg`,
      additionalImageLinks: [],
      priceMicros: product.priceMicros ?? 19_990_000,
      priceCurrency: 'PLN',
      availability: product.availability ?? 'in_stock',
      productType: product.productType ?? null,
      salePriceMicros: product.salePriceMicros ?? null,
      salePriceCurrency: product.salePriceCurrency ?? null,
      removedAt: product.removedAt ?? null,
      extra: {},
      contentHash: product.productId,
    })
    .returning({ key: products.id });
  return row?.key as number;
}
