// The context's HTTP routes, for the app to mount (apps/api/src/app.ts); other contexts use index.ts.
export { moneyRoutes } from './payments/routes';
