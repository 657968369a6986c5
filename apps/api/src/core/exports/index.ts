/** Tabular exports (CSV, XLSX) shared by every report: see `sendExport` and `writeExport`. */
export { ExportAbortedError } from './backpressure';
export type {
  ExportColumn,
  ExportColumnType,
  ExportFormat,
  ExportLocale,
  ExportOptions,
  ExportRow,
  ExportStyle,
  ExportTotals,
} from './columns';
export { type SendExportOptions, sendExport } from './send-export';
export { exportContentTypes, writeExport } from './write-export';
