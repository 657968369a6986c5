// What the processes mount and start (apps/api/src/app.ts and runtime.ts): the
// context's routes, workers and schedulers. Other contexts use index.ts.

export { startPartitionWorker } from './delivery/partition-worker';
export { forecastRoutes } from './forecast/routes';
export { liftRoutes } from './lift/routes';
export { predictionModelRoutes } from './prediction-models/routes';
export { startModelTrainingWorker } from './prediction-models/worker';
export { rtbViewsRoutes } from './rtb-views/routes';
export { tagRoutes } from './tags/routes';
export { startWinCurveWorker } from './win-curves/worker';
