import type { TagEventType } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import { productsFor } from './products-for';
import { emptyProfile, profileOfEvents } from './profile';

const T0 = Date.parse('2026-06-10T10:00:00Z');
const views = (...ids: string[]) =>
  profileOfEvents(
    ids.map((id, i) => ({
      type: 'viewItem' as TagEventType,
      at: T0 + i * 1_000,
      productIds: [id],
      productTypes: [],
    })),
  );
const all = () => true;

describe('productsFor', () => {
  it('puts the last viewed first, then the most viewed', () => {
    // Views in order: a a a b c c d.
    const profile = views('a', 'a', 'a', 'b', 'c', 'c', 'd');
    expect(productsFor(profile, 1, all)).toEqual(['d']);
    expect(productsFor(profile, 3, all)).toEqual(['d', 'a', 'c']);
    expect(productsFor(profile, 10, all)).toEqual(['d', 'a', 'c', 'b']);
  });

  it('orders equally viewed products by their last view', () => {
    expect(productsFor(views('a', 'b', 'c', 'd'), 4, all)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('skips what is not available (out of stock, gone from the feed)', () => {
    const profile = views('a', 'a', 'b', 'c');
    expect(productsFor(profile, 2, (id) => id !== 'c')).toEqual(['b', 'a']);
    expect(productsFor(profile, 3, (id) => id === 'a')).toEqual(['a']);
    expect(productsFor(profile, 3, () => false)).toEqual([]);
  });

  it('gives nothing for no products or no room', () => {
    expect(productsFor(emptyProfile(), 3, all)).toEqual([]);
    expect(productsFor(views('a'), 0, all)).toEqual([]);
  });
});
