// The context's HTTP routes, for the app to mount (apps/api/src/app.ts); other contexts use index.ts.
export { adminUsersRoutes } from './admin-users/routes';
export { authRoutes } from './auth/routes';
export { userAuthRoutes } from './auth/user-routes';
export { downloadLinkRoutes } from './download-links/routes';
export { generalMeRoutes, meRoutes } from './me/routes';
export { organisationUsersRoutes } from './organisation-users/routes';
export { rolesRoutes } from './roles/routes';
