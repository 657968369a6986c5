// The context's HTTP routes, for the app to mount (apps/api/src/app.ts); other contexts use index.ts.
export { audienceRoutes } from './audiences/routes';
export { bannerReviewRoutes } from './banner-reviews/routes';
export { bannerAssetRoutes } from './banners/asset-routes';
export { adminBannerRoutes, bannerRoutes } from './banners/routes';
export { adminCampaignRoutes, advertiserCampaignRoutes } from './campaigns/routes';
