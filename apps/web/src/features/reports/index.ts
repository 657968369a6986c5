// The public surface of features/reports: what other features, the panels, the router and the shell use.

export { AgencyAdvertiserReportPage } from './agency-advertiser-report-page';
export type { HeadColumn, MetricTableState } from './metric-table';
export { MetricTable } from './metric-table';
export { ReportChange } from './report-change';
export type { ChartReport } from './report-chart';
export { ReportChart } from './report-chart';
export { ReportColumnPicker } from './report-column-picker';
export type { ColumnChoice } from './report-columns';
export { useReportColumns } from './report-columns';
export { ReportExport } from './report-export';
export { ReportGrouping } from './report-grouping';
export { defaultReportColumns, formatMetric, formatPredicted, MetricValue } from './report-metrics';
export type { ChartType, ReportSearchChange } from './report-params';
export { chartTypes, useSearchChange } from './report-params';
export { periodIssues, ReportPeriod } from './report-period';
export { periodLabel, periodTick } from './report-period-label';
export type { Period } from './report-periods';
export { browserTimeZone, presetPeriod, todayIn } from './report-periods';
export { ReportEmpty, ReportLoad } from './report-state';
export { default as reportsStyles } from './reports.module.css';
export type { ExportFile } from './reports-api';
export { exportFileQuery } from './reports-api';
export { ReportsPage } from './reports-page';
