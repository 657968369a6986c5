export { getReport, reportsViewStatus } from './reports/service';
