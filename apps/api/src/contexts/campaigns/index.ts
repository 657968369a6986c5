export { audienceSizesOf } from './audiences/service';
export { approvePendingBanners } from './banner-reviews/approve-pending-banners';
export { rejectionReasonName } from './banner-reviews/rejection-reasons';
export { briefBanners } from './banners/service';
export { bannersViewStatuses } from './banners/view-status';
export { campaignsAtAGlance } from './campaigns/campaigns-at-a-glance';
export type { CampaignsDeliverySummary } from './campaigns/delivery-summary';
export { campaignsIntegrationStatuses } from './campaigns/integration-status';
export { campaignLiftSettings, campaignNames } from './campaigns/service';
