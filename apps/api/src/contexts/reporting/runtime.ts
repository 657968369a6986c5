// What the processes mount and start (apps/api/src/app.ts and runtime.ts): the
// context's routes, workers and schedulers. Other contexts use index.ts.
export { adminReportRoutes } from './admin-reports/routes';
export { startReportWorker } from './admin-reports/worker';
export { agencyOverviewRoutes } from './agency-overview/routes';
export { advertiserReportRoutes, agencyReportRoutes } from './reports/routes';
