import { describe, expect, it } from 'vitest';
import { holdoutGroup } from './holdout-group';

const users = Array.from({ length: 100_000 }, (_, i) => `u-${i.toString(36)}-${(i * 7919) % 1000}`);
const heldOut = (campaignId: number, shareBps: number) =>
  users.filter((user) => holdoutGroup(user, campaignId, shareBps) === 'held-out');

describe('holdoutGroup', () => {
  it('keeps a user in its group on every call, and across releases', () => {
    expect(heldOut(42, 1_000)).toEqual(heldOut(42, 1_000));
    // Pinned: a changed hash would move users between the groups of tests under way.
    const ids = Array.from({ length: 20 }, (_, i) => `user-${i + 1}`);
    expect(ids.filter((id) => holdoutGroup(id, 42, 2_500) === 'held-out')).toEqual([
      'user-1',
      'user-7',
      'user-11',
      'user-20',
    ]);
  });

  it('holds out the share asked for, to within a fraction of a percent over 100 k users', () => {
    expect(Math.abs(heldOut(42, 1_000).length / users.length - 0.1)).toBeLessThan(0.003);
    expect(Math.abs(heldOut(42, 250).length / users.length - 0.025)).toBeLessThan(0.0015);
    expect(heldOut(42, 0)).toHaveLength(0);
    expect(heldOut(42, 10_000)).toHaveLength(users.length);
  });

  it('only moves exposed users into the hold-out when the share grows', () => {
    const wider = new Set(heldOut(42, 2_000));
    expect(heldOut(42, 1_000).every((user) => wider.has(user))).toBe(true);
  });

  it('draws other users for another campaign', () => {
    const first = new Set(heldOut(42, 1_000));
    const both = heldOut(43, 1_000).filter((user) => first.has(user)).length;
    // Independent draws: about 10 % of 10 % overlap.
    expect(Math.abs(both / users.length - 0.01)).toBeLessThan(0.002);
  });

  it('refuses a share that is not whole basis points of 0..100 %', () => {
    expect(() => holdoutGroup('u', 1, 10_001)).toThrow(RangeError);
    expect(() => holdoutGroup('u', 1, 12.5)).toThrow(RangeError);
  });
});
