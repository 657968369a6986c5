export type { AuctionType } from './auction';
export { demoEngagement } from './demo-engagement';
export * from './demo-shop';
export type { CallFailure, FailureCause, PlatformCall, TrafficHealth } from './health';
export type { LossReason, MarketAuction, ServedAd } from './market';
export * from './outcome';
export { createRequestGenerator, type Opportunity } from './request-generator';
export type { TrafficStats } from './stats';
export { startTraffic, type Traffic, type TrafficOptions } from './traffic';
