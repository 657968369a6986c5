import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  advertiserFoldKey,
  advertiserOfKey,
  advertiserSpendKey,
  type BudgetKey,
  campaignDayKey,
  campaignTotalKey,
} from '@rtb/rtb';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteKeys, redisAnswers, testRedisUrl } from '../test/redis';
import { type BudgetScope, type BudgetStore, FOLD_MARK_TTL_MS } from './budget-store';
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
  /** Makes the store lose a key, as a Redis server restarted empty would (Redis only). */
  lose?(key: string): Promise<void>;
  /** Drops and reopens the store's connection, as a restarted server would (Redis only). */
  reconnect?(): void;
  /** A key's time to live in ms, -1 for none (Redis only). */
  timeToLive?(key: string): Promise<number>;
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
      const make = (redis = new Redis(redisUrl)) => new RedisBudgetStore({ redis, prefix, now: clock });
      const redis = new Redis(redisUrl);
      const store = make(redis);
      cleanups.push(() => deleteKeys(redisUrl, prefix));
      return {
        store,
        clock,
        another: () => make(),
        lose: async (key) => {
          await redis.del(prefix + key);
        },
        reconnect: () => redis.disconnect(true),
        timeToLive: (key) => redis.pttl(prefix + key),
      };
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

/** A billed impression of the bid: a fold of its own settling `costMicros` under each key. */
const settle = (store: BudgetStore, bidId: string, keys: BudgetKey[], costMicros: number) =>
  store.applyFold({
    foldId: randomUUID(),
    advertiserId: advertiserOfKey((keys[0] as BudgetKey).key),
    deltas: keys.map((key) => ({ ...key, micros: costMicros })),
    bidIds: [bidId],
  });

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
    /** Scopes with these limits, against the generations the keys have now (observed). */
    const scopesOf = async (store: BudgetStore, limits: [string, number][]): Promise<BudgetScope[]> => {
      const readings = await store.observe(limits.map(([key]) => ({ key })));
      return limits.map(([key, limitMicros], i) => ({
        key,
        limitMicros,
        generation: readings[i]?.generation as string,
      }));
    };

    it('reserves under every scope or under none', async () => {
      const { store } = open();
      const scopes = await scopesOf(store, [
        [day, 100],
        [funds, 50],
      ]);
      expect(await store.reserve('bid-1', scopes, 60, TTL)).toBe('refused');
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 0],
        [0, 0],
      ]);
      expect(await store.reserve('bid-2', scopes, 40, TTL)).toBe('reserved');
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 40],
        [0, 40],
      ]);
    });

    it('admits up to the limit, counting spent and reserved, and a bid id once', async () => {
      const { store } = open();
      await settle(store, 'earlier', [{ key: day }], 70);
      const scopes = await scopesOf(store, [[day, 100]]);
      expect(await store.reserve('bid-1', scopes, 20, TTL)).toBe('reserved');
      expect(await store.reserve('bid-1', scopes, 1, TTL)).toBe('refused');
      expect(await store.reserve('bid-2', scopes, 11, TTL)).toBe('refused');
      expect(await store.reserve('bid-2', scopes, 10, TTL)).toBe('reserved');
      expect(await store.reserve('bid-3', scopes, 1, TTL)).toBe('refused');
      expect(await spentAndReserved(store, [day])).toEqual([[70, 30]]);
    });

    it('stops counting a reservation once it lapses', async () => {
      const { store, clock } = open();
      const scopes = await scopesOf(store, [
        [day, 100],
        [funds, 100],
      ]);
      expect(await store.reserve('bid-1', scopes, 60, 1_000)).toBe('reserved');
      expect(await store.reserve('bid-2', scopes, 60, 1_000)).toBe('refused');
      clock.advance(1_000);
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 0],
        [0, 0],
      ]);
      expect(await store.reserve('bid-2', scopes, 60, 1_000)).toBe('reserved');
      // A lapsed reservation is gone: adjusting it does nothing, its bid id may reserve again.
      await store.adjust('bid-1', ADVERTISER, 10, TTL);
      expect(await spentAndReserved(store, [day])).toEqual([[0, 60]]);
      expect(await store.reserve('bid-1', scopes, 40, TTL)).toBe('reserved');
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 100],
        [0, 100],
      ]);
    });

    it('gives back a reservation that lapsed while nothing touched its keys', async () => {
      const { store } = open();
      const scopes = await scopesOf(store, [
        [day, 100],
        [total, 100],
        [funds, 100],
      ]);
      expect(await store.reserve('bid-1', scopes, 60, 20)).toBe('reserved');
      // Real time passes (Redis expires keys by it), and only then is anything asked of the keys.
      await sleep(60);
      expect(await spentAndReserved(store, [day, total, funds])).toEqual([
        [0, 0],
        [0, 0],
        [0, 0],
      ]);
      expect(await store.reserve('bid-2', scopes, 100, TTL)).toBe('reserved');
    });

    it('adjusts a reservation to the won price and keeps it for the new time', async () => {
      const { store, clock } = open();
      const scopes = await scopesOf(store, [
        [day, 1_000],
        [funds, 1_000],
      ]);
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
      const scopes = await scopesOf(store, [[day, 1_000]]);
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
        await scopesOf(
          store,
          keys.map((key) => [key, 1_000]),
        ),
        100,
        TTL,
      );
      await settle(
        store,
        'bid-1',
        keys.map((key) => ({ key })),
        60,
      );
      expect(await spentAndReserved(store, keys)).toEqual([
        [60, 0],
        [60, 0],
        [60, 0],
      ]);
      await settle(
        store,
        'bid-1',
        keys.map((key) => ({ key })),
        60,
      );
      await settle(store, 'never-reserved', [{ key: funds }], 5);
      expect(await spentAndReserved(store, keys)).toEqual([
        [120, 0],
        [120, 0],
        [125, 0],
      ]);
      expect(await store.reserve('bid-2', await scopesOf(store, [[funds, 1_000]]), 876, TTL)).toBe('refused');
      expect(await store.reserve('bid-2', await scopesOf(store, [[funds, 1_000]]), 875, TTL)).toBe(
        'reserved',
      );
    });

    it('releases a reservation on a loss notice', async () => {
      const { store } = open();
      const scopes = await scopesOf(store, [
        [day, 100],
        [funds, 100],
      ]);
      await store.reserve('bid-1', scopes, 100, TTL);
      await store.release('bid-1', ADVERTISER);
      await store.release('unknown', ADVERTISER);
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 0],
        [0, 0],
      ]);
      expect(await store.reserve('bid-1', scopes, 100, TTL)).toBe('reserved');
    });

    it('observes what a key has settled, with a generation that stays while the key does', async () => {
      const { store } = open();
      const [first] = await store.observe([{ key: day, ttlMs: 86_400_000 }]);
      expect(first?.spentMicros).toBe(0);
      await settle(store, 'bid-1', [{ key: day }, { key: total }], 7);
      const [again, made] = await store.observe([{ key: day }, { key: total }]);
      expect(again).toEqual({ spentMicros: 7, generation: first?.generation, foldSequence: 1 });
      // A key first made by a settlement gets its generation when first observed, then keeps it.
      expect(made?.spentMicros).toBe(7);
      expect((await store.observe([{ key: total }]))[0]?.generation).toBe(made?.generation);
      expect(made?.generation).not.toBe(first?.generation);
    });

    it('refuses as unknown a reservation against a generation the key does not have', async () => {
      const { store } = open();
      const unobserved = [{ key: day, limitMicros: 1_000, generation: 'never-given' }];
      expect(await store.reserve('bid-1', unobserved, 10, TTL)).toBe('unknown');
      const scopes = await scopesOf(store, [
        [day, 1_000],
        [funds, 1_000],
      ]);
      const stale = scopes.map((scope, i) => (i === 1 ? { ...scope, generation: 'old' } : scope));
      expect(await store.reserve('bid-1', stale, 10, TTL)).toBe('unknown');
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 0],
        [0, 0],
      ]);
      expect(await store.reserve('bid-1', scopes, 10, TTL)).toBe('reserved');
    });

    it('gives a key it lost a new generation, so no limit worked out before passes', async (context) => {
      const opened = open();
      if (!opened.lose) return context.skip();
      const { store } = opened;
      const scopes = await scopesOf(store, [[day, 1_000]]);
      await settle(store, 'bid-1', [{ key: day }], 900);
      await opened.lose(day);
      // Made again by a late settlement: it counts from nothing, and knows no generation.
      await settle(store, 'bid-2', [{ key: day }], 5);
      expect(await store.reserve('bid-3', scopes, 10, TTL)).toBe('unknown');
      const [reading] = await store.observe([{ key: day }]);
      expect(reading?.spentMicros).toBe(5);
      expect(reading?.generation).not.toBe(scopes[0]?.generation);
    });

    it('tells its listeners when its connection comes back', async (context) => {
      const opened = open();
      if (!opened.reconnect) return context.skip();
      let told = 0;
      opened.store.onCountersLost(() => {
        told += 1;
      });
      await opened.store.totals([day]);
      expect(opened.store.reachable()).toBe(true);
      opened.reconnect();
      await vi.waitFor(() => expect(told).toBe(1), { timeout: 10_000 });
      expect(opened.store.reachable()).toBe(true);
    });

    it('gives a day key made by a settlement or an observation its time to live', async (context) => {
      const opened = open();
      if (!opened.timeToLive) return context.skip();
      await settle(opened.store, 'bid-1', [{ key: day, ttlMs: 60_000 }, { key: total }], 5);
      await opened.store.observe([{ key: `${day}x`, ttlMs: 30_000 }]);
      const [settled, lifetime, observed] = await Promise.all(
        [day, total, `${day}x`].map((key) => opened.timeToLive?.(key)),
      );
      expect(settled).toBeGreaterThan(50_000);
      expect(settled).toBeLessThanOrEqual(60_000);
      expect(lifetime).toBe(-1);
      expect(observed).toBeGreaterThan(20_000);
      expect(observed).toBeLessThanOrEqual(30_000);
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
      const scopes = await scopesOf(store, [
        [day, 10_000],
        [funds, 1_000_000],
      ]);
      const results = await Promise.all(
        Array.from({ length: 1_000 }, (_, i) => (i % 2 ? store : other).reserve(`bid-${i}`, scopes, 70, TTL)),
      );
      expect(results.filter((outcome) => outcome === 'reserved').length).toBe(Math.floor(10_000 / 70));
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [0, 142 * 70],
        [0, 142 * 70],
      ]);
    });

    it('applies a fold once however often it comes, numbering the folds of each advertiser', async () => {
      const { store, another } = open();
      const fold = (foldId: string, micros: number, bidIds: string[] = []) => ({
        foldId,
        advertiserId: ADVERTISER,
        deltas: [
          { key: day, ttlMs: TTL, micros },
          { key: funds, micros },
        ],
        bidIds,
      });
      const scopes = await scopesOf(store, [
        [day, 1_000],
        [funds, 1_000],
      ]);
      expect((await store.observe([{ key: funds }]))[0]?.foldSequence).toBe(0);
      await store.reserve('bid-1', scopes, 100, TTL);
      await store.reserve('bid-2', scopes, 100, TTL);
      await Promise.all([
        store.applyFold(fold('first', 70, ['bid-1'])),
        another().applyFold(fold('first', 70)),
      ]);
      await another().applyFold(fold('second', 30, ['bid-2']));
      await store.applyFold(fold('first', 70, ['bid-1']));
      // Each fold counted once, its bids' reservations gone; a third fold is not known.
      expect(await spentAndReserved(store, [day, funds])).toEqual([
        [100, 0],
        [100, 0],
      ]);
      expect(await store.appliedFolds(ADVERTISER, ['first', 'second', 'third'])).toEqual([1, 2, null]);
      expect(await store.appliedFolds(ADVERTISER + 1, ['first'])).toEqual([null]);
      expect((await another().observe([{ key: day }, { key: funds }])).map((r) => r.foldSequence)).toEqual([
        2, 2,
      ]);
    });

    it('remembers an applied fold for FOLD_MARK_TTL_MS, then forgets it', async () => {
      const { store, clock, timeToLive } = open();
      const fold = { foldId: 'marked', advertiserId: ADVERTISER, deltas: [{ key: funds, micros: 5 }] };
      await store.applyFold(fold);
      if (timeToLive) {
        // Redis expires the mark itself, by its own clock.
        const ttl = await timeToLive(advertiserFoldKey(ADVERTISER, 'marked'));
        expect(ttl).toBeGreaterThan(FOLD_MARK_TTL_MS - 60_000);
        expect(ttl).toBeLessThanOrEqual(FOLD_MARK_TTL_MS);
        return;
      }
      // The clock follows real time too: a second of it may pass on a loaded machine (a run
      // saw the mark gone at TTL - 1 ms, with the whole suite running).
      clock.advance(FOLD_MARK_TTL_MS - 1_000);
      await store.applyFold(fold);
      expect(await store.appliedFolds(ADVERTISER, ['marked'])).toEqual([1]);
      clock.advance(1_000);
      expect(await store.appliedFolds(ADVERTISER, ['marked'])).toEqual([null]);
      await store.applyFold(fold);
      expect(await store.appliedFolds(ADVERTISER, ['marked'])).toEqual([2]);
      expect(await spentAndReserved(store, [funds])).toEqual([[10, 0]]);
    });

    it('refuses a reservation without scopes and a fold without deltas', async () => {
      const { store } = open();
      await expect(store.reserve('bid-1', [], 1, TTL)).rejects.toThrow('at least one scope');
      await expect(store.applyFold({ foldId: 'f', advertiserId: ADVERTISER, deltas: [] })).rejects.toThrow(
        'at least one delta',
      );
    });
  });
}
