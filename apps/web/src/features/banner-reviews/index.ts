// The public surface of features/banner-reviews: what other features, the panels, the router and the shell use.
export { AdvertiserCreatives } from './advertiser-creatives';
export { AdvertisersTabs } from './advertisers-tabs';
export { ReviewPanel } from './review-panel';
