import type { TagEventType } from '@rtb/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyProfile,
  mergeProfiles,
  PROFILE_LIMITS,
  type ProfileEvent,
  productTypePath,
  profileOfEvents,
} from './profile';

const T0 = Date.parse('2026-06-10T10:00:00Z');
const event = (type: TagEventType, at: number, productIds: string[] = [], productTypes: string[] = []) =>
  ({ type, at, productIds, productTypes }) satisfies ProfileEvent;

describe('productTypePath', () => {
  it('normalises case, spacing and empty levels', () => {
    expect(productTypePath(' Home  &  Garden>Kitchen >  Knives ')).toBe('home & garden > kitchen > knives');
    expect(productTypePath('A > > B >')).toBe('a > b');
    expect(productTypePath(' > ')).toBe('');
  });
});

describe('profileOfEvents', () => {
  it('keeps the last time of any event and of each kind that audiences ask about', () => {
    const profile = profileOfEvents([
      event('viewHome', T0),
      event('viewItem', T0 + 1_000, ['p1'], ['Shoes']),
      event('addToCart', T0 + 2_000, ['p1']),
      event('viewBasket', T0 + 3_000, ['p1']),
      event('trackTransaction', T0 + 4_000, ['p1']),
      event('viewList', T0 + 5_000, ['p2', 'p3']),
    ]);
    expect(profile).toMatchObject({
      lastEventAt: T0 + 5_000,
      lastViewItemAt: T0 + 1_000,
      lastAddToCartAt: T0 + 2_000,
      lastTransactionAt: T0 + 4_000,
    });
    // Only viewItem is a view: the list's products are not.
    expect(profile.products).toEqual([{ id: 'p1', at: T0 + 1_000, views: 1 }]);
    expect(profile.productTypes).toEqual([{ type: 'shoes', at: T0 + 1_000 }]);
  });

  it('counts views per product, most recent first, and keeps the types normalised once', () => {
    const profile = profileOfEvents([
      event('viewItem', T0 + 3_000, ['a'], ['Home > Garden']),
      event('viewItem', T0 + 1_000, ['b'], ['home>garden']),
      event('viewItem', T0 + 2_000, ['a'], ['Toys', '']),
    ]);
    expect(profile.products).toEqual([
      { id: 'a', at: T0 + 3_000, views: 2 },
      { id: 'b', at: T0 + 1_000, views: 1 },
    ]);
    expect(profile.productTypes).toEqual([
      { type: 'home > garden', at: T0 + 3_000 },
      { type: 'toys', at: T0 + 2_000 },
    ]);
  });

  it('keeps the 20 most recent products and types', () => {
    const events = Array.from({ length: 30 }, (_, i) => event('viewItem', T0 + i, [`p${i}`], [`type ${i}`]));
    const profile = profileOfEvents(events);
    expect(profile.products).toHaveLength(PROFILE_LIMITS.products);
    expect(profile.products[0]?.id).toBe('p29');
    expect(profile.products.at(-1)?.id).toBe('p10');
    expect(profile.productTypes).toHaveLength(PROFILE_LIMITS.productTypes);
    expect(profile.productTypes.at(-1)?.type).toBe('type 10');
  });

  it('is an empty profile without events', () => {
    expect(profileOfEvents([])).toEqual(emptyProfile());
  });
});

describe('mergeProfiles', () => {
  it('takes the later times, adds up views and keeps the most recent', () => {
    const a = profileOfEvents([event('viewItem', T0, ['x', 'y'], ['T']), event('addToCart', T0 + 5)]);
    const b = profileOfEvents([event('viewItem', T0 + 10, ['x'], ['t']), event('trackTransaction', T0 + 1)]);
    expect(mergeProfiles(a, b)).toEqual({
      lastEventAt: T0 + 10,
      lastViewItemAt: T0 + 10,
      lastAddToCartAt: T0 + 5,
      lastTransactionAt: T0 + 1,
      productTypes: [{ type: 't', at: T0 + 10 }],
      products: [
        { id: 'x', at: T0 + 10, views: 2 },
        { id: 'y', at: T0, views: 1 },
      ],
    });
  });

  it('ends the same whatever the order and grouping of the events (below the list bounds)', () => {
    const anEvent = fc.record({
      type: fc.constantFrom<TagEventType>('viewHome', 'viewItem', 'addToCart', 'trackTransaction'),
      at: fc.integer({ min: T0, max: T0 + 1_000 }),
      productIds: fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 2 }),
      productTypes: fc.array(fc.constantFrom('A', 'A > B', 'C'), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(anEvent, { maxLength: 12 }), fc.nat(), (events, cut) => {
        const at = cut % (events.length + 1);
        const whole = profileOfEvents(events);
        const inParts = mergeProfiles(
          profileOfEvents(events.slice(at)),
          profileOfEvents(events.slice(0, at)),
        );
        expect(inParts).toEqual(whole);
        expect(mergeProfiles(whole, emptyProfile())).toEqual(whole);
      }),
    );
  });
});
