export { getReport } from './reports/service';
