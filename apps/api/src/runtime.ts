/**
 * What a process that runs the API starts besides the app (`buildApp`): the contexts' workers
 * and schedulers, and the rate limiter it shares. `npm start`'s entry (apps/all-in-one) imports it.
 */
export {
  startModelTrainingWorker,
  startPartitionWorker,
  startWinCurveWorker,
} from './contexts/delivery/runtime';
export { postDemoTopUps } from './contexts/money/runtime';
export { startAlertDigestScheduler, startWeeklyReportScheduler } from './contexts/notifications/runtime';
export {
  folderTransport,
  type MailWorker,
  smtpTransport,
  startMailWorker,
} from './contexts/platform/runtime';
export { startReportWorker } from './contexts/reporting/runtime';
export { startFeedWorker } from './contexts/shop/runtime';
export { createMemoryRateLimiter, createRedisRateLimiter } from './core/rate-limiter';
