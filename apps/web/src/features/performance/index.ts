// The public surface of features/performance: what the panels use.

export { AdvertiserHomePage } from './advertiser-home-page';
export { CampaignPerformance } from './campaign-performance';
