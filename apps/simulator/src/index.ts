export type { AuctionType } from './auction';
export { createRequestGenerator, type Opportunity } from './request-generator';
export type { TrafficStats } from './stats';
export { startTraffic, type Traffic, type TrafficOptions } from './traffic';
