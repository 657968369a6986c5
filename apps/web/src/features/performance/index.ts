// The public surface of features/performance: what the panels use.

import './texts';

export { AdvertiserHomePage } from './advertiser-home-page';
export { CampaignPerformance } from './campaign-performance';
