import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '@rtb/api/test-harness';
import { tagEvents } from '@rtb/db';
import type { TagEventType } from '@rtb/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationId } from '../../../api/src/contexts/organisations/organisations/test-users';
import { insertProduct } from '../../../api/src/contexts/shop/products/test-helpers';
import { ProductCatalogue } from '../products/product-catalogue';
import { RecentlyViewed } from '../products/viewed-products';
import { deleteKeys, redisAnswers, testRedisUrl } from '../test/redis';
import { loadProfiles } from './load-profiles';
import { MemoryProfileStore } from './memory-profile-store';
import { RedisProfileStore } from './redis-profile-store';

/*
 * The start-up rebuild of the visitors' profiles from `tag_events`: what it takes in and leaves
 * out, in batches smaller than the data, and when a shared store is rebuilt at all.
 */

const withRedis = await redisAnswers(testRedisUrl);
const DAY = 86_400_000;
const NOW = new Date();
let t: TestApp;
let shopId: number;
let otherId: number;
let seq = 0;

const row = (
  advertiserId: number,
  userId: string | null,
  type: TagEventType,
  daysAgo: number,
  change: { productIds?: string[]; bot?: boolean } = {},
) => ({
  eventKey: `tag:${advertiserId}:e${seq++}`,
  advertiserId,
  type,
  receivedAt: new Date(NOW.getTime() - daysAgo * DAY),
  visitorId: `v-${userId}`,
  userId,
  productIds: change.productIds ?? [],
  bot: change.bot ?? false,
});

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shopId = await organisationId(t, 'advertiser', 'Demo Shop');
  otherId = await organisationId(t, 'advertiser', 'Solo Store');
  // The feed's types: sku-9 has none; the other shop's sku-1 is another product.
  await insertProduct(t, shopId, { productId: 'sku-1', productType: 'Shoes > Running' });
  await insertProduct(t, shopId, { productId: 'sku-9' });
  await insertProduct(t, otherId, { productId: 'sku-1', productType: 'Garden' });
  await t.database.db.insert(tagEvents).values([
    row(shopId, 'u1', 'viewHome', 3),
    row(shopId, 'u1', 'viewItem', 2, { productIds: ['sku-1'] }),
    row(shopId, 'u1', 'viewItem', 1, { productIds: ['sku-1', 'sku-9'] }),
    row(shopId, 'u1', 'addToCart', 1, { productIds: ['sku-1'] }),
    row(otherId, 'u1', 'trackTransaction', 5),
    row(shopId, 'u2', 'viewHome', 89),
    // Left out: older than 90 days, without our id, a bot's.
    row(shopId, 'u3', 'viewHome', 91),
    row(shopId, null, 'viewItem', 1, { productIds: ['sku-1'] }),
    row(shopId, 'u4', 'viewItem', 1, { productIds: ['sku-1'], bot: true }),
  ]);
});
afterAll(() => t.close());

describe('loadProfiles', () => {
  it('rebuilds every visitor of the last 90 days from their events, in batches, with the feed’s types', async () => {
    const store = new MemoryProfileStore();
    const read = await loadProfiles({
      deps: t.deps,
      store,
      now: NOW,
      force: false,
      batchSize: 2,
    });
    expect(read).toBe(6);
    const u1 = await store.profilesOf('u1');
    expect(u1.get(shopId)).toEqual({
      lastEventAt: NOW.getTime() - DAY,
      lastViewItemAt: NOW.getTime() - DAY,
      lastAddToCartAt: NOW.getTime() - DAY,
      lastTransactionAt: 0,
      productTypes: [{ type: 'shoes > running', at: NOW.getTime() - DAY }],
      products: [
        { id: 'sku-1', at: NOW.getTime() - DAY, views: 2 },
        { id: 'sku-9', at: NOW.getTime() - DAY, views: 1 },
      ],
    });
    expect(u1.get(otherId)?.lastTransactionAt).toBe(NOW.getTime() - 5 * DAY);
    expect((await store.profilesOf('u2')).get(shopId)?.lastEventAt).toBe(NOW.getTime() - 89 * DAY);
    for (const absent of ['u3', 'u4']) expect((await store.profilesOf(absent)).get(shopId)).toBeNull();
  });

  it('warms the product catalogue with the latest products viewed, as many as it keeps', async () => {
    for (const [limit, expected] of [
      [10, [[shopId, ['sku-1', 'sku-9']]]],
      [1, [[shopId, ['sku-9']]]],
    ] as const) {
      const queries: [number, string[]][] = [];
      const catalogue = new ProductCatalogue({
        maxProducts: 100,
        load: async (advertiserId, ids) => {
          queries.push([advertiserId, [...ids]]);
          return [];
        },
      });
      const viewed = new RecentlyViewed(limit);
      await loadProfiles({
        deps: t.deps,
        store: new MemoryProfileStore(),
        now: NOW,
        force: false,
        batchSize: 2,
        onEvents: (events) => viewed.add(events),
      });
      viewed.prefetchInto(catalogue);
      await catalogue.settled();
      expect(queries).toEqual(expected);
    }
  });

  it.skipIf(!withRedis)(
    'rebuilds a shared store once: not again at the next start unless flagged',
    async () => {
      const prefix = `test:${randomUUID()}:`;
      const open = () => new RedisProfileStore({ redis: new Redis(testRedisUrl), prefix });
      const [first, second] = [open(), open()];
      try {
        expect(await loadProfiles({ deps: t.deps, store: first, now: NOW, force: false })).toBe(6);
        expect(await loadProfiles({ deps: t.deps, store: second, now: NOW, force: false })).toBeNull();
        // Counted once: two views of sku-1.
        expect((await second.profilesOf('u1')).get(shopId)?.products[0]).toMatchObject({
          id: 'sku-1',
          views: 2,
        });
        expect(await loadProfiles({ deps: t.deps, store: second, now: NOW, force: true })).toBe(6);
      } finally {
        await first.close();
        await second.close();
        await deleteKeys(testRedisUrl, prefix);
      }
    },
  );
});
