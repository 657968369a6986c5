import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter';

/** The Redis server of REDIS_URL, or one on 127.0.0.1:6379 when it answers; else the Redis tests skip. */
async function reachableRedis(): Promise<Redis | null> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    if (process.env.REDIS_URL) throw error;
    redis.disconnect();
    return null;
  }
}

const redis = await reachableRedis();
afterAll(async () => {
  await redis?.quit();
});

const limiters: [string, (() => RateLimiter) | null][] = [
  ['memory', () => createMemoryRateLimiter()],
  ['redis', redis && (() => createRedisRateLimiter(redis, `test:${randomUUID()}:`))],
];

describe.each(limiters)('%s rate limiter', (_name, create) => {
  const limiter = () => {
    if (!create) throw new Error('unreachable');
    return create();
  };

  it.skipIf(!create)('allows `limit` hits per window, then refuses and says how long to wait', async () => {
    const l = limiter();
    expect((await l.hit('k', 2, 60_000)).allowed).toBe(true);
    expect((await l.hit('k', 2, 60_000)).allowed).toBe(true);
    const refused = await l.hit('k', 2, 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(59_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect((await l.hit('other', 2, 60_000)).allowed).toBe(true);
  });

  it.skipIf(!create)('a refunded hit does not count', async () => {
    const l = limiter();
    for (let i = 0; i < 5; i++) {
      expect((await l.hit('k', 2, 60_000)).allowed).toBe(true);
      await l.refund('k');
    }
    expect((await l.hit('k', 2, 60_000)).allowed).toBe(true);
    expect((await l.hit('k', 2, 60_000)).allowed).toBe(true);
    expect((await l.hit('k', 2, 60_000)).allowed).toBe(false);
  });

  it.skipIf(!create)('a refund without hits gives nothing in advance', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.refund('k');
    expect((await l.hit('k', 1, 60_000)).allowed).toBe(true);
    expect((await l.hit('k', 1, 60_000)).allowed).toBe(false);
  });

  it.skipIf(!create)('starts again after reset and after the window', async () => {
    const l = limiter();
    await l.hit('k', 1, 60_000);
    await l.reset('k');
    expect((await l.hit('k', 1, 60_000)).allowed).toBe(true);
    await l.hit('short', 1, 200);
    expect((await l.hit('short', 1, 200)).allowed).toBe(false);
    await sleep(250);
    expect((await l.hit('short', 1, 200)).allowed).toBe(true);
  });
});
