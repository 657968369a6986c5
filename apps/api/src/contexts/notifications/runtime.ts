// What the processes mount and start (apps/api/src/app.ts and runtime.ts): the
// context's routes, workers and schedulers. Other contexts use index.ts.
export { alertDigestRoutes } from './alert-digests/routes';
export { startAlertDigestScheduler } from './alert-digests/scheduler';
export { notificationsRoutes } from './notifications/routes';
export { reportEmailRoutes } from './report-emails/routes';
export { startWeeklyReportScheduler } from './report-emails/scheduler';
