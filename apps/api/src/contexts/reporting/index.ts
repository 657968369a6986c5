export { startReportWorker } from './admin-reports/worker';
export {
  addHourlyStats,
  addProductHourlyStats,
  getReport,
  type HourlyStatsDelta,
  type ProductHourlyStatsDelta,
  reportsViewStatus,
} from './reports/service';
