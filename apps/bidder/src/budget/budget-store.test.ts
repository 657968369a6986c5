import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { advertiserSpendKey, campaignDayKey, campaignTotalKey } from '@rtb/rtb';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteKeys, redisAnswers, testRedisUrl } from '../test/redis';
import type { BudgetStore } from './budget-store';
import { MemoryBudgetStore } from './memory-budget-store';
import { RedisBudgetStore } from './redis-budget-store';

/*
 * One contract, two stores: every case runs against MemoryBudgetStore and, when a Redis server
 * answers (REDIS_URL, else 127.0.0.1:6379), RedisBudgetStore under a prefix of its own.
 */

const redisUrl = testRedisUrl;

const withRedis = await redisAnswers(redisUrl);
if (!withRedis) console.warn(`RedisBudgetStore contract tests skipped: no Redis answers at ${redisUrl}.`);

/** A clock that follows real time (Redis expires keys by it) and can be moved forward. */
function testClock() {
  let offset = 0;
  const now = () => Date.now() + offset;
  const advance = (ms: number) => {
    offset += ms;
  };
  return Object.assign(now, { advance });
}

interface Opened {
  store: BudgetStore;
  clock: ReturnType<typeof testClock>;
  /** Another process's view of the same counters. */
  another(): BudgetStore;
}

const kinds: { name: string; skip: boolean; open(): Opened }[] = [
  {
    name: 'MemoryBudgetStore',
    skip: false,
    open() {
      const clock = testClock();
      const store = new MemoryBudgetStore({ now: clock });
      return { store, clock, another: () => store };
    },
  },
  {
    name: 'RedisBudgetStore',
    skip: !withRedis,
    open() {
      const clock = testClock();
      const prefix = `test:${randomUUID()}:`;
      const make = () => new RedisBudgetStore({ redis: new Redis(redisUrl), prefix, now: clock });
      const store = make();
      cleanups.push(() => deleteKeys(redisUrl, prefix));
      return { store, clock, another: make };
    },
  },
];

const stores: BudgetStore[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

const ADVERTISER = 12;
const DAY = '2026-11-25';
const day = campaignDayKey(ADVERTISER, 5, DAY);
const total = campaignTotalKey(ADVERTISER, 5);
const funds = advertiserSpendKey(ADVERTISER);
const TTL = 60_000;

for (const kind of kinds) {
  describe.skipIf(kind.skip)(kind.name, () => {
    const open = () => {
      const result = kind.open();
      stores.push(result.store);
      return {
        ...result,
        another: () => {
          const other = result.another();
          if (other !== result.store) stores.push(other);
          return other;
        },
      };
    };
    const spentAndReserved = async (store: BudgetStore, keys: string[]) =>
      (await store.totals(keys)).map((t) => [t.spentMicros, t.reservedMicros]);

    it('reserves under every scope or under none', async () => {
      const { store } = open();
      const scopes = [
        { key: day, limitMicros: 100 },
        { key: funds, limitMicros: 50 },
      ];
      expect(await store.reserve('bid-1', scopes, 60, TTL)).toBe(false);
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 0],
        [0, 0],
      ]);
      expect(await store.reserve('bid-2', scopes, 40, TTL)).toBe(true);
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 40],
        [0, 40],
      ]);
    });

    it('admits up to the limit, counting spent and reserved, and a bid id once', async () => {
      const { store } = open();
      await store.seed(day, 70);
      const scopes = [{ key: day, limitMicros: 100 }];
      expect(await store.reserve('bid-1', scopes, 20, TTL)).toBe(true);
      expect(await store.reserve('bid-1', scopes, 1, TTL)).toBe(false);
      expect(await store.reserve('bid-2', scopes, 11, TTL)).toBe(false);
      expect(await store.reserve('bid-2', scopes, 10, TTL)).toBe(true);
      expect(await store.reserve('bid-3', scopes, 1, TTL)).toBe(false);
      expect(await spentAndReserved(store, [day])).toEqual([[70, 30]]);
    });

    it('stops counting a reservation once it lapses', async () => {
      const { store, clock } = open();
      const scopes = [
        { key: day, limitMicros: 100 },
        { key: funds, limitMicros: 100 },
      ];
      expect(await store.reserve('bid-1', scopes, 60, 1_000)).toBe(true);
      expect(await store.reserve('bid-2', scopes, 60, 1_000)).toBe(false);
      clock.advance(1_000);
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 0],
        [0, 0],
      ]);
      expect(await store.reserve('bid-2', scopes, 60, 1_000)).toBe(true);
      // A lapsed reservation is gone: adjusting it does nothing, its bid id may reserve again.
      await store.adjust('bid-1', ADVERTISER, 10, TTL);
      expect(await spentAndReserved(store, [day])).toEqual([[0, 60]]);
      expect(await store.reserve('bid-1', scopes, 40, TTL)).toBe(true);
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 100],
        [0, 100],
      ]);
    });

    it('gives back a reservation that lapsed while nothing touched its keys', async () => {
      const { store } = open();
      const scopes = [
        { key: day, limitMicros: 100 },
        { key: total, limitMicros: 100 },
        { key: funds, limitMicros: 100 },
      ];
      expect(await store.reserve('bid-1', scopes, 60, 20)).toBe(true);
      // Real time passes (Redis expires keys by it), and only then is anything asked of the keys.
      await sleep(60);
      expect(await spentAndReserved(store, [day, total, funds])).toEqual([
        [0, 0],
        [0, 0],
        [0, 0],
      ]);
      expect(await store.reserve('bid-2', scopes, 100, TTL)).toBe(true);
    });

    it('adjusts a reservation to the won price and keeps it for the new time', async () => {
      const { store, clock } = open();
      const scopes = [
        { key: day, limitMicros: 1_000 },
        { key: funds, limitMicros: 1_000 },
      ];
      await store.reserve('bid-1', scopes, 100, 1_000);
      clock.advance(500);
      await store.adjust('bid-1', ADVERTISER, 30, 5_000);
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 30],
        [0, 30],
      ]);
      clock.advance(2_000);
      expect(await spentAndReserved(store, [day])).toEqual([[0, 30]]);
      clock.advance(3_000);
      expect(await spentAndReserved(store, [day])).toEqual([[0, 0]]);
      await store.adjust('unknown', ADVERTISER, 50, TTL);
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 0],
        [0, 0],
      ]);
    });

    it('lets a reservation lapse on time behind a won one that lives longer', async () => {
      const { store, clock } = open();
      const scopes = [{ key: day, limitMicros: 1_000 }];
      await store.reserve('won', scopes, 100, 1_000);
      await store.adjust('won', ADVERTISER, 30, 60_000);
      await store.reserve('lost', scopes, 100, 1_000);
      clock.advance(1_000);
      expect(await spentAndReserved(store, [day])).toEqual([[0, 30]]);
    });

    it('settles a cost under each key and drops the reservation; every call counts', async () => {
      const { store } = open();
      const keys = [day, total, funds];
      await store.reserve(
        'bid-1',
        keys.map((key) => ({ key, limitMicros: 1_000 })),
        100,
        TTL,
      );
      await store.settle('bid-1', keys, 60);
      expect(await spentAndReserved(store, keys)).toEqual([
        [60, 0],
        [60, 0],
        [60, 0],
      ]);
      await store.settle('bid-1', keys, 60);
      await store.settle('never-reserved', [funds], 5);
      expect(await spentAndReserved(store, keys)).toEqual([
        [120, 0],
        [120, 0],
        [125, 0],
      ]);
      expect(await store.reserve('bid-2', [{ key: funds, limitMicros: 1_000 }], 876, TTL)).toBe(false);
      expect(await store.reserve('bid-2', [{ key: funds, limitMicros: 1_000 }], 875, TTL)).toBe(true);
    });

    it('releases a reservation on a loss notice', async () => {
      const { store } = open();
      const scopes = [
        { key: day, limitMicros: 100 },
        { key: funds, limitMicros: 100 },
      ];
      await store.reserve('bid-1', scopes, 100, TTL);
      await store.release('bid-1', ADVERTISER);
      await store.release('unknown', ADVERTISER);
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 0],
        [0, 0],
      ]);
      expect(await store.reserve('bid-1', scopes, 100, TTL)).toBe(true);
    });

    it('seeds a key only while the store does not know it', async () => {
      const { store } = open();
      await store.seed(day, 500, 2 * 86_400_000);
      await store.seed(day, 900);
      await store.settle('bid-1', [total], 7);
      await store.seed(total, 900);
      expect(await spentAndReserved(store, [day, total])).toEqual([
        [500, 0],
        [7, 0],
      ]);
    });

    it('counts impressions under a frequency key until the expiry it started with', async () => {
      const { store, clock } = open();
      const key = `f:{a${ADVERTISER}}:c5:u1:day`;
      await store.countImpression(key, clock() + 3_600_000);
      await store.countImpression(key, clock() + 7_200_000);
      await store.countImpression(`${key}:gone`, clock() - 1);
      expect(await store.frequency([key, `${key}:gone`, `${key}:never`])).toEqual([2, 0, 0]);
      // A later count does not move the expiry the counter started with (Redis expires by real
      // time, so the counter is polled until it has lapsed; no fixed wait).
      const short = `${key}:short`;
      await store.countImpression(short, clock() + 300);
      await store.countImpression(short, clock() + 3_600_000);
      await vi.waitFor(async () => expect(await store.frequency([short])).toEqual([0]), { timeout: 10_000 });
      await store.countImpression(short, clock() + 3_600_000);
      expect(await store.frequency([short])).toEqual([1]);
    });

    it('admits exactly floor(limit / amount) of 1,000 concurrent reservations from two processes', async () => {
      const { store, another } = open();
      const other = another();
      const scopes = [
        { key: day, limitMicros: 10_000 },
        { key: funds, limitMicros: 1_000_000 },
      ];
      const results = await Promise.all(
        Array.from({ length: 1_000 }, (_, i) => (i % 2 ? store : other).reserve(`bid-${i}`, scopes, 70, TTL)),
      );
      expect(results.filter(Boolean).length).toBe(Math.floor(10_000 / 70));
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 142 * 70],
        [0, 142 * 70],
      ]);
    });

    it('refuses a reservation without scopes and a settlement without keys', async () => {
      const { store } = open();
      await expect(store.reserve('bid-1', [], 1, TTL)).rejects.toThrow('at least one scope');
      await expect(store.settle('bid-1', [], 1)).rejects.toThrow('at least one key');
    });
  });
}
