import { Redis } from 'ioredis';
import type { BudgetStore } from './budget-store';
import { MemoryBudgetStore } from './memory-budget-store';
import { RedisBudgetStore } from './redis-budget-store';

/**
 * Redis when the bidders share counters (`REDIS_URL`), on a connection of the store's own (its
 * scripts are defined on it, and closing the store quits it), else this process's memory.
 */
export function createBudgetStore(redisUrl: string | undefined): BudgetStore {
  return redisUrl
    ? new RedisBudgetStore({ redis: new Redis(redisUrl, { maxRetriesPerRequest: 2 }), prefix: 'rtb:' })
    : new MemoryBudgetStore();
}
