// What the processes mount and start (apps/api/src/app.ts and runtime.ts): the
// context's routes, workers and schedulers. Other contexts use index.ts.
export { activityLogRoutes, organisationActivityLogRoutes } from './activity-logs/routes';
export { agencyAdvertisersRoutes } from './advertisers/agency-routes';
export { ownAdvertiserRoutes } from './advertisers/own-advertiser-routes';
export { advertisersRoutes } from './advertisers/routes';
export { ownAgencyRoutes } from './agencies/own-agency-routes';
export { agenciesRoutes } from './agencies/routes';
export { logStatusVerificationRoutes } from './organisations/routes';
export { registrationRoutes } from './registration/routes';
export { regulationRoutes } from './regulations/routes';
