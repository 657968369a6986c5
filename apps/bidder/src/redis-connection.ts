import { Redis } from 'ioredis';

/** How long a Redis command may take, queued while reconnecting included, before it fails. */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

/**
 * A connection to the Redis server the bidders share, bounded everywhere: connecting takes at most
 * 2 s, a command fails after `REDIS_COMMAND_TIMEOUT_MS` (a bid never waits on a stuck server past
 * its own deadline, a tracker's counter update fails and is repaired from the database), it is
 * retried on one reconnection at most, and reconnection is tried every second at the slowest.
 * `onError` sees every connection error (ioredis reconnects by itself).
 */
export function redisConnection(url: string, onError: (error: Error) => void): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(100 * attempt, 1_000),
  });
  redis.on('error', onError);
  return redis;
}
