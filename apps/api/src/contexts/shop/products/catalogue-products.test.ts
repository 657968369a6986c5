import { products } from '@rtb/db';
import { catalogueProducts, productImagePath } from '@rtb/delivery';
import { productImageBoxes, productImageUrl } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { organisationId } from '../../organisations/organisations/test-users';
import { insertProduct } from './test-helpers';

let t: TestApp;
let shopId: number;
let soloId: number;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shopId = await organisationId(t, 'advertiser', 'Demo Shop');
  soloId = await organisationId(t, 'advertiser', 'Solo Store');
});
afterAll(() => t.close());

const byId = async (advertiserId: number, ids: string[]) =>
  new Map((await catalogueProducts(t.database.db, advertiserId, ids)).map((p) => [p.id, p]));

describe('catalogueProducts', () => {
  it('describes a product as a dynamic banner shows it', async () => {
    const key = await insertProduct(t, shopId, { productId: 'cat-shoe', priceMicros: 249_990_000 });
    const [shoe] = await catalogueProducts(t.database.db, shopId, ['cat-shoe']);
    expect(shoe).toEqual({
      advertiserId: shopId,
      id: 'cat-shoe',
      key,
      title: 'Product cat-shoe',
      priceMicros: 249_990_000,
      salePriceMicros: null,
      currency: 'PLN',
      link: 'https://shop.example/p/cat-shoe',
      imageUrlTemplate: expect.stringContaining('{box}'),
      available: true,
    });
    // Every box of the template is the path the image proxy answers for that product and box.
    for (const box of productImageBoxes)
      expect(productImageUrl(shoe?.imageUrlTemplate as string, box)).toBe(
        productImagePath(key, 'https://shop.example/img/cat-shoe.jpg', { width: box, height: box }),
      );
  });

  it('is available only in stock and still in the feed', async () => {
    await insertProduct(t, shopId, { productId: 'cat-out', availability: 'out_of_stock' });
    await insertProduct(t, shopId, { productId: 'cat-pre', availability: 'preorder' });
    await insertProduct(t, shopId, { productId: 'cat-removed', removedAt: new Date() });
    await insertProduct(t, shopId, { productId: 'cat-in' });
    const found = await byId(shopId, ['cat-out', 'cat-pre', 'cat-removed', 'cat-in']);
    expect(Object.fromEntries([...found].map(([id, p]) => [id, p.available]))).toEqual({
      'cat-out': false,
      'cat-pre': false,
      'cat-removed': false,
      'cat-in': true,
    });
  });

  it('keeps a sale price only when it is lower than the price and in the same currency', async () => {
    const price = 100_000_000;
    const sale = (productId: string, salePriceMicros: number, salePriceCurrency: string | null) =>
      insertProduct(t, shopId, { productId, priceMicros: price, salePriceMicros, salePriceCurrency });
    await sale('sale-same', 79_000_000, 'PLN');
    await sale('sale-unstated', 79_000_000, null);
    await sale('sale-other-currency', 79_000_000, 'EUR');
    await sale('sale-equal', price, 'PLN');
    await sale('sale-higher', 120_000_000, 'PLN');
    const found = await byId(shopId, [
      'sale-same',
      'sale-unstated',
      'sale-other-currency',
      'sale-equal',
      'sale-higher',
    ]);
    expect(Object.fromEntries([...found].map(([id, p]) => [id, p.salePriceMicros]))).toEqual({
      'sale-same': 79_000_000,
      'sale-unstated': 79_000_000,
      'sale-other-currency': null,
      'sale-equal': null,
      'sale-higher': null,
    });
  });

  it("never answers another advertiser's products; unknown ids are left out, repeated ones answered once", async () => {
    await insertProduct(t, soloId, { productId: 'cat-solo' });
    await insertProduct(t, soloId, { productId: 'cat-both', priceMicros: 1_000_000 });
    await insertProduct(t, shopId, { productId: 'cat-both', priceMicros: 2_000_000 });
    const found = await catalogueProducts(t.database.db, shopId, [
      'cat-solo',
      'cat-both',
      'cat-both',
      'nope',
    ]);
    expect(found).toEqual([
      expect.objectContaining({ id: 'cat-both', advertiserId: shopId, priceMicros: 2_000_000 }),
    ]);
    expect(await catalogueProducts(t.database.db, shopId, [])).toEqual([]);
    const [solo] = await t.database.db.select().from(products).where(eq(products.productId, 'cat-solo'));
    expect(solo?.advertiserId).toBe(soloId);
  });
});
