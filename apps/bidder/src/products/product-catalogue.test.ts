import type { CatalogueProduct } from '@rtb/rtb';
import { describe, expect, it } from 'vitest';
import { ProductCatalogue, type ProductCatalogueOptions } from './product-catalogue';

const product = (
  advertiserId: number,
  id: string,
  change: Partial<CatalogueProduct> = {},
): CatalogueProduct => ({
  advertiserId,
  id,
  key: advertiserId * 1000 + id.length,
  title: `Product ${id}`,
  priceMicros: 10_000_000,
  salePriceMicros: null,
  currency: 'PLN',
  link: `https://shop.example/p/${id}`,
  imageUrlTemplate: `/img/products/1/{box}x{box}/v`,
  available: true,
  ...change,
});

/** A feed per advertiser that records each query (advertiser and ids asked). */
function feeds(initial: Record<number, CatalogueProduct[]>) {
  const products = new Map(Object.entries(initial).map(([adv, list]) => [Number(adv), list]));
  const queries: [number, string[]][] = [];
  let failing = false;
  const load = async (advertiserId: number, ids: readonly string[]) => {
    queries.push([advertiserId, [...ids]]);
    if (failing) throw new Error('database down');
    return (products.get(advertiserId) ?? []).filter((p) => ids.includes(p.id));
  };
  return {
    load,
    queries,
    set(advertiserId: number, list: CatalogueProduct[]) {
      products.set(advertiserId, list);
    },
    fail(on: boolean) {
      failing = on;
    },
  };
}

function catalogueOf(feed: ReturnType<typeof feeds>, options: Partial<ProductCatalogueOptions> = {}) {
  const clock = { now: 1_000_000 };
  const catalogue = new ProductCatalogue({
    load: feed.load,
    maxProducts: 100,
    now: () => clock.now,
    retryAfterMs: 1,
    ...options,
  });
  return { catalogue, clock };
}

describe('ProductCatalogue', () => {
  it('answers a miss at once with nothing, loads it in the background, then serves it from memory', async () => {
    const feed = feeds({ 1: [product(1, 'a'), product(1, 'b')], 2: [product(2, 'a', { title: 'Other' })] });
    const { catalogue } = catalogueOf(feed);
    expect(catalogue.get(1, 'a')).toBeNull();
    expect(catalogue.isAvailable(1, 'b')).toBe(false);
    catalogue.prefetch(2, ['a']);
    // Asked again before it loads: queued once.
    expect(catalogue.isAvailable(1, 'b')).toBe(false);
    await catalogue.settled();
    // One query per advertiser for the ids of the same moment.
    expect(feed.queries).toEqual([
      [1, ['a', 'b']],
      [2, ['a']],
    ]);
    expect(catalogue.get(1, 'a')?.title).toBe('Product a');
    expect(catalogue.get(2, 'a')?.title).toBe('Other');
    expect(catalogue.isAvailable(1, 'b')).toBe(true);
    await catalogue.settled();
    expect(feed.queries).toHaveLength(2);
  });

  it('shows only products in stock whose link is a web page', async () => {
    const feed = feeds({
      1: [
        product(1, 'in'),
        product(1, 'out', { available: false }),
        product(1, 'js', { link: 'javascript:alert(1)' }),
        product(1, 'ftp', { link: 'ftp://shop.example/x' }),
        product(1, 'plain', { link: 'http://shop.example/x' }),
      ],
    });
    const { catalogue } = catalogueOf(feed);
    const ids = ['in', 'out', 'js', 'ftp', 'plain'];
    catalogue.prefetch(1, ids);
    await catalogue.settled();
    expect(ids.filter((id) => catalogue.isAvailable(1, id))).toEqual(['in', 'plain']);
    // Known, just not shown.
    expect(catalogue.get(1, 'out')?.available).toBe(false);
  });

  it('remembers ids the feed lacks and asks again only once they are old', async () => {
    const feed = feeds({ 1: [] });
    const { catalogue, clock } = catalogueOf(feed, { refreshAfterMs: 60_000 });
    catalogue.prefetch(1, ['ghost']);
    await catalogue.settled();
    expect(catalogue.isAvailable(1, 'ghost')).toBe(false);
    await catalogue.settled();
    expect(feed.queries).toEqual([[1, ['ghost']]]);
    feed.set(1, [product(1, 'ghost')]);
    clock.now += 60_000;
    expect(catalogue.isAvailable(1, 'ghost')).toBe(false);
    await catalogue.settled();
    expect(catalogue.isAvailable(1, 'ghost')).toBe(true);
    expect(feed.queries).toHaveLength(2);
  });

  it('keeps serving an old entry while it is reloaded, then serves the new one', async () => {
    const feed = feeds({ 1: [product(1, 'a')] });
    const { catalogue, clock } = catalogueOf(feed, { refreshAfterMs: 60_000 });
    catalogue.prefetch(1, ['a']);
    await catalogue.settled();
    feed.set(1, [product(1, 'a', { priceMicros: 5_000_000, available: false })]);
    clock.now += 59_999;
    expect(catalogue.get(1, 'a')?.priceMicros).toBe(10_000_000);
    await catalogue.settled();
    expect(feed.queries).toHaveLength(1);
    clock.now += 1;
    expect(catalogue.isAvailable(1, 'a')).toBe(true);
    expect(catalogue.get(1, 'a')?.priceMicros).toBe(10_000_000);
    await catalogue.settled();
    expect(feed.queries).toHaveLength(2);
    expect(catalogue.get(1, 'a')?.priceMicros).toBe(5_000_000);
    expect(catalogue.isAvailable(1, 'a')).toBe(false);
  });

  it('keeps at most maxProducts entries, dropping the least recently used', async () => {
    const ids = ['a', 'b', 'c', 'd'];
    const feed = feeds({ 1: ids.map((id) => product(1, id)) });
    const { catalogue } = catalogueOf(feed, { maxProducts: 3 });
    catalogue.prefetch(1, ['a', 'b', 'c']);
    await catalogue.settled();
    // 'a' used again: 'b' is now the least recent.
    expect(catalogue.get(1, 'a')).not.toBeNull();
    catalogue.prefetch(1, ['d']);
    await catalogue.settled();
    expect(catalogue.size).toBe(3);
    expect(['a', 'c', 'd'].every((id) => catalogue.get(1, id) !== null)).toBe(true);
    const before = feed.queries.length;
    expect(catalogue.get(1, 'b')).toBeNull();
    await catalogue.settled();
    expect(feed.queries.slice(before)).toEqual([[1, ['b']]]);
  });

  it('queues no more ids than it may keep, and splits a long queue into batches', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const feed = feeds({ 1: ids.map((id) => product(1, id)) });
    const { catalogue } = catalogueOf(feed, { maxProducts: 6, batchSize: 4 });
    catalogue.prefetch(1, ids);
    await catalogue.settled();
    expect(feed.queries).toEqual([
      [1, ['p0', 'p1', 'p2', 'p3']],
      [1, ['p4', 'p5']],
    ]);
  });

  it('asks again after a failed load, and serves what it had meanwhile', async () => {
    const feed = feeds({ 1: [product(1, 'a'), product(1, 'b')] });
    const errors: unknown[] = [];
    const { catalogue } = catalogueOf(feed, { onError: (error) => errors.push(error), refreshAfterMs: 0 });
    catalogue.prefetch(1, ['a']);
    await catalogue.settled();
    feed.fail(true);
    expect(catalogue.isAvailable(1, 'a')).toBe(true);
    expect(catalogue.isAvailable(1, 'b')).toBe(false);
    await catalogue.settled();
    expect(errors).toHaveLength(1);
    expect(catalogue.isAvailable(1, 'a')).toBe(true);
    feed.fail(false);
    catalogue.prefetch(1, ['b']);
    await catalogue.settled();
    expect(catalogue.isAvailable(1, 'b')).toBe(true);
  });
});
