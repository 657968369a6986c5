import { redisConnection } from '../redis-connection';
import { MemoryProfileStore } from './memory-profile-store';
import type { ProfileStore } from './profile-store';
import { RedisProfileStore } from './redis-profile-store';

/**
 * Redis when the bidders share profiles (`REDIS_URL`), on a connection of the store's own, else this
 * process's memory. `onError` sees the connection's errors.
 */
export function createProfileStore(
  redisUrl: string | undefined,
  onError: (error: Error) => void,
): ProfileStore {
  return redisUrl
    ? new RedisProfileStore({ redis: redisConnection(redisUrl, onError), prefix: 'rtb:' })
    : new MemoryProfileStore();
}
