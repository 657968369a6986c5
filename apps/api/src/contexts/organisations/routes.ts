// The context's HTTP routes, for the app to mount (apps/api/src/app.ts); other contexts use index.ts.
export { agencyAdvertisersRoutes } from './advertisers/agency-routes';
export { ownAdvertiserRoutes } from './advertisers/own-advertiser-routes';
export { advertisersRoutes } from './advertisers/routes';
export { ownAgencyRoutes } from './agencies/own-agency-routes';
export { agenciesRoutes } from './agencies/routes';
export { logStatusVerificationRoutes } from './organisations/routes';
export { registrationRoutes } from './registration/routes';
export { regulationRoutes } from './regulations/routes';
