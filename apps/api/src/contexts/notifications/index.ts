export { startWeeklyReportScheduler } from './report-emails/scheduler';
