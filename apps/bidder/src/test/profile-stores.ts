import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryProfileStore } from '../audiences/memory-profile-store';
import type { ProfileStore } from '../audiences/profile-store';
import { RedisProfileStore } from '../audiences/redis-profile-store';
import { deleteKeys, redisAnswers, testRedisUrl } from './redis';

export interface ProfileStoreKind {
  name: string;
  /** No Redis server answers: the Redis kind's tests are skipped. */
  skip: boolean;
  /** A fresh, empty store, and what removes its data afterwards. */
  open(): { store: ProfileStore; cleanup(): Promise<void> };
}

/** The profile stores a test runs against: memory, and Redis (its own key prefix) when a server answers. */
export async function profileStoreKinds(): Promise<ProfileStoreKind[]> {
  const withRedis = await redisAnswers(testRedisUrl);
  return [
    {
      name: 'memory profiles',
      skip: false,
      open: () => ({ store: new MemoryProfileStore(), cleanup: async () => {} }),
    },
    {
      name: 'Redis profiles',
      skip: !withRedis,
      open: () => {
        const prefix = `test:${randomUUID()}:`;
        return {
          store: new RedisProfileStore({ redis: new Redis(testRedisUrl), prefix }),
          cleanup: () => deleteKeys(testRedisUrl, prefix),
        };
      },
    },
  ];
}
