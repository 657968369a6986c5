export { type Bidder, type BidderOptions, bidderPathPrefixes, buildBidder } from './app';
export { applyTagEvents } from './audiences/apply-tag-events';
export { createProfileStore } from './audiences/create-profile-store';
export type { ProfileStore } from './audiences/profile-store';
export { createBudgetStore } from './budget/create-budget-store';
export { MemoryBudgetStore } from './budget/memory-budget-store';
export { type BidderConfig, loadBidderConfig } from './config';
export { BidderMetrics } from './metrics/bidder-metrics';
export { redisConnection } from './redis-connection';
