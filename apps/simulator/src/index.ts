export type { AuctionType } from './auction';
export type { TrafficStats } from './stats';
export { startTraffic, type Traffic, type TrafficOptions } from './traffic';
