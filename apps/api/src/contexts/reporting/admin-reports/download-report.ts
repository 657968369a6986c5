import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { exportContentTypes } from '../../../core/exports';
import { reportFileName } from './dto';
import { readReportFile } from './report-files';
import { findReport } from './repository';

/**
 * A finished report's file, opened (content null when the file is missing from the store); 404
 * while it is not done, or once it expired and was deleted.
 */
export async function openGeneratedReport(deps: AppDeps, id: number) {
  const row = await findReport(deps.db, id);
  if (row?.status !== 'done' || !row.fileKey) throw notFound();
  return {
    content: await readReportFile(deps.config, row.fileKey),
    size: row.fileSize,
    name: reportFileName(row),
    contentType: exportContentTypes[row.parameters.format],
  };
}
