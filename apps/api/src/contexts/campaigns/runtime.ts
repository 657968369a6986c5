// What the processes mount and start (apps/api/src/app.ts and runtime.ts): the
// context's routes, workers and schedulers. Other contexts use index.ts.
export { audienceRoutes } from './audiences/routes';
export { bannerReviewRoutes } from './banner-reviews/routes';
export { bannerAssetRoutes } from './banners/asset-routes';
export { adminBannerRoutes, bannerRoutes } from './banners/routes';
export { adminCampaignRoutes, advertiserCampaignRoutes } from './campaigns/routes';
