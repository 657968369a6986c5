export { campaignAudiences } from './audiences/service';
export { approvePendingBanners } from './banner-reviews/approve-pending-banners';
export { rejectionReasonName } from './banner-reviews/rejection-reasons';
export { allowedBannerSizes, briefBanners } from './banners/service';
export { bannersViewStatus } from './banners/view-status';
export { campaignsIntegrationStatus } from './campaigns/integration-status';
export {
  type ActiveBanner,
  type AdvertiserContext,
  type AttributionWindows,
  addDailyStats,
  advertiserContexts,
  attributionWindows,
  campaignNames,
  countersOf,
  type DailyStatsDelta,
  loadActiveCampaigns,
} from './campaigns/service';
