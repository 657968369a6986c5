// What the processes mount and start (apps/api/src/app.ts and runtime.ts): the
// context's routes, workers and schedulers. Other contexts use index.ts.
export { imageProxyRoutes } from './image-proxy/routes';
export { productRoutes } from './products/routes';
export { startFeedWorker } from './products/worker';
