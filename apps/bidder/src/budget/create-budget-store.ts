import { redisConnection } from '../redis-connection';
import type { BudgetStore } from './budget-store';
import { MemoryBudgetStore } from './memory-budget-store';
import { RedisBudgetStore } from './redis-budget-store';

/**
 * Redis when the bidders share counters (`REDIS_URL`), on a connection of the store's own (its
 * scripts are defined on it, and closing the store quits it), else this process's memory.
 * `onError` sees the connection's errors.
 */
export function createBudgetStore(
  redisUrl: string | undefined,
  onError: (error: Error) => void,
): BudgetStore {
  return redisUrl
    ? new RedisBudgetStore({ redis: redisConnection(redisUrl, onError), prefix: 'rtb:' })
    : new MemoryBudgetStore();
}
