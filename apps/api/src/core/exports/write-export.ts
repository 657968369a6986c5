import type { Writable } from 'node:stream';
import type { ExportFormat, ExportOptions, ExportRow } from './columns';
import { writeCsv } from './csv';
import { writeXlsx } from './xlsx';

export const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Writes the export in its format into `out` (a file, a response) and ends it, reading the rows
 * only as `out` takes the output. Rejects when a row is not what its column says, when the rows
 * fail, or when `out` is closed first (`ExportAbortedError`); `out` is then destroyed.
 */
export async function writeExport<Row extends ExportRow>(
  out: Writable,
  options: ExportOptions<Row>,
): Promise<void> {
  try {
    await (options.format === 'csv' ? writeCsv(out, options) : writeXlsx(out, options));
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
