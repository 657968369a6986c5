import type { AppDeps } from '../../../core/deps';
import { writeExport } from '../../../core/exports';
import { reportBuilders } from './definitions';
import { AdvertiserDirectory } from './directory';
import { createReportFile, publishReportFile, removeReportFile, reportFileKey } from './report-files';
import { finishReport, type LeasedReport, setProgress } from './repository';
import { reportTexts } from './texts';

export interface ReportRun {
  token: string;
  leaseMs: number;
}

/** The run no longer holds its report: it was deleted, or its lease ran out and another run took it. */
export class ReportLostError extends Error {
  constructor(id: number) {
    super(`generated report ${id}: the run lost it`);
    this.name = 'ReportLostError';
  }
}

/**
 * Makes one leased report: its builder's rows, chunk by chunk, through the export writer into its
 * file (under a partial name until it is whole), the progress written after each chunk (which
 * renews the lease); then done with the file, or failed as `internal`. A report deleted while it
 * runs stops at its next chunk and leaves no file.
 */
export async function runReport(deps: AppDeps, job: LeasedReport, run: ReportRun): Promise<void> {
  const { parameters } = job;
  const key = reportFileKey(run.token, parameters.format);
  const retention = deps.config.reportsRetentionDays;
  let lastProgress = 0;
  try {
    let rows = 0;
    const plan = reportBuilders[job.type]({
      deps,
      parameters,
      texts: reportTexts[parameters.locale],
      directory: new AdvertiserDirectory(deps),
      async progress(done, total) {
        // 100 only once the file is whole.
        const progress = total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0;
        if (progress === lastProgress && done > 0) return;
        lastProgress = progress;
        if (!(await setProgress(deps.db, job.id, run.token, progress, run.leaseMs)))
          throw new ReportLostError(job.id);
      },
    });
    async function* counted() {
      for await (const row of plan.rows) {
        rows += 1;
        yield row;
      }
    }
    const file = await createReportFile(deps.config, key);
    await writeExport(file, {
      format: parameters.format,
      style: parameters.style,
      locale: parameters.locale,
      columns: plan.columns,
      rows: counted(),
      totals: plan.totals,
      totalsLabel: reportTexts[parameters.locale].total,
      sheetName: job.type,
    });
    const fileSize = await publishReportFile(deps.config, key);
    const done = await finishReport(deps.db, job.id, run.token, retention, {
      status: 'done',
      rows,
      fileKey: key,
      fileSize,
    });
    if (!done) throw new ReportLostError(job.id);
  } catch (error) {
    await removeReportFile(deps.config, key);
    if (error instanceof ReportLostError) throw error;
    await finishReport(deps.db, job.id, run.token, retention, { status: 'failed', error: 'internal' });
    throw error;
  }
}
