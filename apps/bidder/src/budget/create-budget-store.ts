import type { Redis } from 'ioredis';
import type { BudgetStore } from './budget-store';
import { MemoryBudgetStore } from './memory-budget-store';
import { RedisBudgetStore } from './redis-budget-store';

/** Redis when the bidders share counters (`REDIS_URL`), else this process's memory. */
export function createBudgetStore(redis: Redis | null): BudgetStore {
  return redis ? new RedisBudgetStore(redis, { prefix: 'rtb:' }) : new MemoryBudgetStore();
}
