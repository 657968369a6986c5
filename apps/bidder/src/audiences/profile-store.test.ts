import { randomUUID } from 'node:crypto';
import {
  emptyProfile,
  mergeProfiles,
  PROFILE_TTL_MS,
  type ProfileEvent,
  profileOfEvents,
  type VisitorProfile,
} from '@rtb/rtb';
import type { TagEventType } from '@rtb/shared';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteKeys, redisAnswers, testRedisUrl } from '../test/redis';
import { applyTagEvents } from './apply-tag-events';
import { MemoryProfileStore } from './memory-profile-store';
import type { ProfileStore } from './profile-store';
import { RedisProfileStore } from './redis-profile-store';

/*
 * One contract, two stores: every case runs against MemoryProfileStore and, when a Redis server
 * answers (REDIS_URL, else 127.0.0.1:6379), RedisProfileStore under a prefix of its own. The
 * Redis store's Lua merge must end exactly where `mergeProfiles` does.
 */

const withRedis = await redisAnswers(testRedisUrl);
if (!withRedis)
  console.warn(`RedisProfileStore contract tests skipped: no Redis answers at ${testRedisUrl}.`);

interface Opened {
  store: ProfileStore;
  /** Another bidder process's view of the same profiles. */
  another(): ProfileStore;
  prefix: string;
}

const stores: ProfileStore[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const kinds: { name: string; skip: boolean; open(): Opened }[] = [
  {
    name: 'MemoryProfileStore',
    skip: false,
    open() {
      const store = new MemoryProfileStore();
      stores.push(store);
      return { store, another: () => store, prefix: '' };
    },
  },
  {
    name: 'RedisProfileStore',
    skip: !withRedis,
    open() {
      const prefix = `test:${randomUUID()}:`;
      const make = () => {
        const store = new RedisProfileStore({ redis: new Redis(testRedisUrl), prefix });
        stores.push(store);
        return store;
      };
      cleanups.push(() => deleteKeys(testRedisUrl, prefix));
      return { store: make(), another: make, prefix };
    },
  },
];

const T0 = Date.parse('2026-11-25T10:00:00Z');
const SHOP = 12;
const OTHER_SHOP = 13;
const event = (type: TagEventType, at: number, productIds: string[] = [], productTypes: string[] = []) =>
  ({ type, at, productIds, productTypes }) satisfies ProfileEvent;
const tagEvent = (userId: string | null, advertiserId: number, e: ProfileEvent, bot = false) => ({
  ...e,
  userId,
  advertiserId,
  bot,
});

for (const kind of kinds) {
  describe.skipIf(kind.skip)(kind.name, () => {
    const profileOf = async (store: ProfileStore, userId: string, advertiserId = SHOP) =>
      (await store.profilesOf(userId)).get(advertiserId);

    it('knows no one it was not told about', async () => {
      const { store } = kind.open();
      expect(await profileOf(store, 'nobody')).toBeNull();
    });

    it('keeps one profile per visitor and shop, and merges what comes later into it', async () => {
      const { store } = kind.open();
      const first = [
        event('viewItem', T0, ['shoe-1'], ['Shoes > Running']),
        event('addToCart', T0 + 1_000, ['shoe-1']),
      ];
      const later = [
        event('viewItem', T0 + 5_000, ['shoe-1', 'sock-2'], ['Socks']),
        event('trackTransaction', T0 + 9_000),
      ];
      await applyTagEvents(store, [
        ...first.map((e) => tagEvent('u1', SHOP, e)),
        tagEvent('u1', OTHER_SHOP, event('viewHome', T0)),
      ]);
      await applyTagEvents(
        store,
        later.map((e) => tagEvent('u1', SHOP, e)),
      );
      expect(await profileOf(store, 'u1')).toEqual(
        mergeProfiles(profileOfEvents(first), profileOfEvents(later)),
      );
      expect(await profileOf(store, 'u1')).toMatchObject({
        lastTransactionAt: T0 + 9_000,
        products: [
          { id: 'shoe-1', at: T0 + 5_000, views: 2 },
          { id: 'sock-2', at: T0 + 5_000, views: 1 },
        ],
      });
      expect(await profileOf(store, 'u1', OTHER_SHOP)).toEqual(profileOfEvents([event('viewHome', T0)]));
      expect(await profileOf(store, 'u1', 99)).toBeNull();
    });

    it('cuts the lists to the most recent, as mergeProfiles does', async () => {
      const { store } = kind.open();
      const batches = [0, 1, 2].map((b) =>
        Array.from({ length: 12 }, (_, i) =>
          event(
            'viewItem',
            T0 + ((i * 7 + b * 5) % 30) * 1_000,
            [`p${(i + b * 4) % 25}`],
            [`type ${(i * 3 + b) % 23}`],
          ),
        ),
      );
      let expected: VisitorProfile = emptyProfile();
      for (const batch of batches) {
        await applyTagEvents(
          store,
          batch.map((e) => tagEvent('u2', SHOP, e)),
        );
        expected = mergeProfiles(expected, profileOfEvents(batch));
      }
      const kept = await profileOf(store, 'u2');
      expect(kept).toEqual(expected);
      expect(kept?.products).toHaveLength(20);
    });

    it('counts every event when bidders record the same visitor at once', async () => {
      const { store, another } = kind.open();
      const other = another();
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          applyTagEvents(i % 2 ? store : other, [
            tagEvent('u3', SHOP, event('viewItem', T0 + i, ['p1'], ['T'])),
          ]),
        ),
      );
      expect((await profileOf(other, 'u3'))?.products).toEqual([{ id: 'p1', at: T0 + 39, views: 40 }]);
    });

    it('makes no profile of events without our user id or of bots', async () => {
      const { store } = kind.open();
      await applyTagEvents(store, [
        tagEvent(null, SHOP, event('viewItem', T0, ['p1'])),
        tagEvent('u4', SHOP, event('viewItem', T0, ['p1']), true),
      ]);
      expect(await profileOf(store, 'u4')).toBeNull();
    });

    it('hands out the rebuild from the tag events once', async () => {
      const { store, another } = kind.open();
      expect(await store.claimRebuild(false)).toBe(true);
      if (kind.name === 'MemoryProfileStore') return; // one process: its memory is empty at every start
      const other = another();
      // Another bidder starting meanwhile leaves it to the first.
      expect(await other.claimRebuild(false)).toBe(false);
      await store.finishRebuild(true);
      expect(await other.claimRebuild(false)).toBe(false);
      // Flagged: rebuilt even so; a failed rebuild is tried again at the next start.
      expect(await other.claimRebuild(true)).toBe(true);
      await other.finishRebuild(false);
      expect(await store.claimRebuild(false)).toBe(true);
    });
  });
}

describe('expiry', () => {
  it('MemoryProfileStore forgets a visitor 90 days after the last update', async () => {
    let now = T0;
    const store = new MemoryProfileStore({ now: () => now });
    await applyTagEvents(store, [tagEvent('u5', SHOP, event('viewHome', T0))]);
    now += PROFILE_TTL_MS - 1;
    expect((await store.profilesOf('u5')).get(SHOP)).not.toBeNull();
    await applyTagEvents(store, [tagEvent('u5', SHOP, event('viewHome', now))]);
    now += PROFILE_TTL_MS - 1;
    expect((await store.profilesOf('u5')).get(SHOP)).not.toBeNull();
    now += 1;
    expect((await store.profilesOf('u5')).get(SHOP)).toBeNull();
  });

  it.skipIf(!withRedis)('RedisProfileStore keeps a visitor’s key 90 days after the last update', async () => {
    const prefix = `test:${randomUUID()}:`;
    const store = new RedisProfileStore({ redis: new Redis(testRedisUrl), prefix });
    const redis = new Redis(testRedisUrl);
    try {
      await applyTagEvents(store, [tagEvent('u6', SHOP, event('viewHome', T0))]);
      const ttl = await redis.pttl(`${prefix}p:{uu6}`);
      expect(ttl).toBeGreaterThan(PROFILE_TTL_MS - 60_000);
      expect(ttl).toBeLessThanOrEqual(PROFILE_TTL_MS);
      // A value it cannot read is no profile, not an error on the bid path.
      await redis.hset(`${prefix}p:{uu6}`, String(OTHER_SHOP), '{not json');
      expect((await store.profilesOf('u6')).get(OTHER_SHOP)).toBeNull();
      expect((await store.profilesOf('u6')).get(SHOP)).not.toBeNull();
    } finally {
      await store.close();
      await redis.quit();
      await deleteKeys(testRedisUrl, prefix);
    }
  });
});
