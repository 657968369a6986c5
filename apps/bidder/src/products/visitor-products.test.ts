import { type Candidate, type CatalogueProduct, profileOfEvents } from '@rtb/rtb';
import { describe, expect, it } from 'vitest';
import { NO_PROFILES, type UserProfiles } from '../audiences/profile-store';
import { ProductCatalogue } from './product-catalogue';
import { visitorProducts } from './visitor-products';

const NOW = Date.parse('2026-06-10T10:00:00Z');
const view = (id: string, minutesAgo: number) => ({
  type: 'viewItem' as const,
  at: NOW - minutesAgo * 60_000,
  productIds: [id],
  productTypes: [],
});
// 'a' viewed last, 'b' most, 'c' out of stock, 'd' not in the feed; all at advertiser 7.
const profile = profileOfEvents([
  view('b', 50),
  view('b', 40),
  view('b', 30),
  view('c', 20),
  view('d', 10),
  view('a', 5),
]);
const feed: CatalogueProduct[] = ['a', 'b', 'c'].map((id, i) => ({
  advertiserId: 7,
  id,
  key: 70 + i,
  title: id,
  priceMicros: 1_000_000,
  salePriceMicros: null,
  currency: 'PLN',
  link: `https://shop.example/${id}`,
  imageUrlTemplate: '/img/products/1/{box}x{box}/v',
  available: id !== 'c',
}));

function setUp() {
  const queries: string[][] = [];
  const catalogue = new ProductCatalogue({
    maxProducts: 100,
    load: async (_, ids) => {
      queries.push([...ids]);
      return feed.filter((p) => ids.includes(p.id));
    },
  });
  let reads = 0;
  const profiles: UserProfiles = {
    advertisers: [7],
    get: (advertiserId) => {
      reads += 1;
      return advertiserId === 7 ? profile : null;
    },
  };
  return { catalogue, profiles, queries, reads: () => reads };
}

const candidateOf = (products: readonly string[]) =>
  ({ campaign: { advertiserId: 7 }, products }) as unknown as Candidate;

describe('visitorProducts', () => {
  it('shows nothing the catalogue has not loaded, and has it loaded for the next request', async () => {
    const { catalogue, profiles, queries } = setUp();
    expect(visitorProducts(profiles, catalogue).productsOf(7, 3)).toEqual([]);
    await catalogue.settled();
    expect(queries).toEqual([['a', 'd', 'c', 'b']]);
    expect(visitorProducts(profiles, catalogue).productsOf(7, 3)).toEqual(['a', 'b']);
    expect(visitorProducts(profiles, catalogue).productsOf(7, 1)).toEqual(['a']);
  });

  it('picks once per advertiser and count in a request, and keeps what it picked when the catalogue changes', async () => {
    const { catalogue, profiles, reads } = setUp();
    catalogue.prefetch(7, ['a', 'b', 'c', 'd']);
    await catalogue.settled();
    const products = visitorProducts(profiles, catalogue);
    const ids = products.productsOf(7, 3);
    expect(products.productsOf(7, 3)).toBe(ids);
    expect(reads()).toBe(1);
    expect(products.productsOf(8, 3)).toEqual([]);
    catalogue.close();
    expect(products.productsOfCandidate(candidateOf(ids)).map((p) => p.link)).toEqual([
      'https://shop.example/a',
      'https://shop.example/b',
    ]);
    expect(products.productsOfCandidate(candidateOf([]))).toEqual([]);
  });

  it('shows no products to a visitor without profiles', async () => {
    const { catalogue } = setUp();
    catalogue.prefetch(7, ['a']);
    await catalogue.settled();
    expect(visitorProducts(NO_PROFILES, catalogue).productsOf(7, 3)).toEqual([]);
  });
});
