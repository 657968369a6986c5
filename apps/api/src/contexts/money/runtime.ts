// What the processes mount and start (apps/api/src/app.ts and runtime.ts): the
// context's routes, workers and schedulers. Other contexts use index.ts.

export { createStripeProvider } from './online-payments/stripe-provider';
export { postDemoTopUps } from './payments/demo-top-ups';
export { moneyRoutes } from './payments/routes';
