import { Redis } from 'ioredis';
import { MemoryProfileStore } from './memory-profile-store';
import type { ProfileStore } from './profile-store';
import { RedisProfileStore } from './redis-profile-store';

/** Redis when the bidders share profiles (`REDIS_URL`), on a connection of the store's own, else this process's memory. */
export function createProfileStore(redisUrl: string | undefined): ProfileStore {
  return redisUrl
    ? new RedisProfileStore({ redis: new Redis(redisUrl, { maxRetriesPerRequest: 2 }), prefix: 'rtb:' })
    : new MemoryProfileStore();
}
