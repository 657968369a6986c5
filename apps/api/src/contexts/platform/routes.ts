// The context's HTTP routes, for the app to mount (apps/api/src/app.ts); other contexts use index.ts.
export { activityLogRoutes, organisationActivityLogRoutes } from './activity-logs/routes';
export { configurationRoutes } from './configuration/routes';
export { demoTrafficRoutes } from './demo-traffic/routes';
export { externalApiRoutes } from './external-apis/routes';
export { fileUploadRoutes } from './file-uploads/routes';
export { healthRoutes } from './health/routes';
export { referenceRoutes } from './reference/routes';
export { supportRoutes } from './support/routes';
export { urlVerifyRoutes } from './url-verify/routes';
