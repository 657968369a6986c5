import { products } from '@rtb/db';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { organisationId } from '../../organisations/organisations/test-users';
import { markUnseenRemoved } from './repository';
import { insertProduct } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

describe('markUnseenRemoved', () => {
  it("removes every product the import did not see, a chunk per statement, and only the advertiser's", async () => {
    const shopId = await organisationId(t, 'advertiser', 'Demo Shop');
    const soloId = await organisationId(t, 'advertiser', 'Solo Store');
    for (let i = 0; i < 7; i += 1) await insertProduct(t, shopId, { productId: `gone-${i}` });
    await insertProduct(t, shopId, { productId: 'removed-before', removedAt: new Date('2026-01-01') });
    await insertProduct(t, soloId, { productId: 'another-shop' });

    const removed = await t.database.db.transaction((tx) => markUnseenRemoved(tx, shopId, 1, 3));
    expect(removed).toBe(7);
    const active = (advertiserId: number) =>
      t.database.db
        .select({ id: products.productId })
        .from(products)
        .where(and(eq(products.advertiserId, advertiserId), isNull(products.removedAt)));
    expect(await active(shopId)).toEqual([]);
    expect(await active(soloId)).toEqual([{ id: 'another-shop' }]);
    const [before] = await t.database.db
      .select({ removedAt: products.removedAt })
      .from(products)
      .where(eq(products.productId, 'removed-before'));
    expect(before?.removedAt).toEqual(new Date('2026-01-01'));
  });
});
