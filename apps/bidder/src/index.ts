export { type Bidder, type BidderOptions, bidderPathPrefixes, buildBidder } from './app';
export { createProfileStore } from './audiences/create-profile-store';
export type { ProductTypeLookup } from './audiences/load-profiles';
export type { ProfileStore } from './audiences/profile-store';
export { recordTagEvents, type TagEventForProfiles } from './audiences/record-tag-events';
export { createBudgetStore } from './budget/create-budget-store';
export { MemoryBudgetStore } from './budget/memory-budget-store';
export { type BidderConfig, loadBidderConfig } from './config';
