// What the processes mount and start (apps/api/src/app.ts and runtime.ts): the
// context's routes, workers and schedulers. Other contexts use index.ts.
export { authRoutes } from './auth/routes';
export { userAuthRoutes } from './auth/user-routes';
export { downloadLinkRoutes } from './download-links/routes';
export { generalMeRoutes, meRoutes } from './me/routes';
export { rolesRoutes } from './roles/routes';
export { usersRoutes } from './users/routes';
