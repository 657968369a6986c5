export { type Bidder, type BidderOptions, bidderPathPrefixes, buildBidder } from './app';
export { createBudgetStore } from './budget/create-budget-store';
export { MemoryBudgetStore } from './budget/memory-budget-store';
export { type BidderConfig, loadBidderConfig } from './config';
