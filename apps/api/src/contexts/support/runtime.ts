// What the processes mount (apps/api/src/app.ts): the context's routes.
export { supportRoutes } from './support/routes';
