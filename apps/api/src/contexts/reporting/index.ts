export {
  addHourlyStats,
  addProductHourlyStats,
  getReport,
  type HourlyStatsDelta,
  type ProductHourlyStatsDelta,
  reportsViewStatus,
} from './reports/service';
