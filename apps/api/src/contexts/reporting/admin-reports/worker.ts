import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../core/deps';
import { type PeriodicTask, startPeriodicTask } from '../../../core/periodic-task';
import { removeReportFile, reportFileKey } from './report-files';
import { deleteExpiredReports, leaseQueuedReport, releaseExpiredRuns } from './repository';
import { ReportLostError, runReport } from './run-report';

/** Runs of one report before it fails as `interrupted` (each stopped by its process going away). */
export const REPORT_MAX_ATTEMPTS = 3;

export interface ReportWorkerOptions {
  deps: AppDeps;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  intervalMs?: number;
  /** How long a run holds its report without writing progress (each chunk renews it). */
  leaseMs?: number;
  /** Whether to poll on a timer (tests call `runOnce` themselves). */
  timer?: boolean;
}

/** A round deletes expired reports, releases stopped runs, then makes queued reports until none is left. */
export type ReportWorker = PeriodicTask<number>;

/**
 * Makes the admins' generated reports in the background, one at a time per process. Several
 * processes may run it: a report is taken under a lease (FOR UPDATE SKIP LOCKED), renewed with
 * each chunk's progress; a run whose lease ran out (its process died) is queued again, up to
 * `REPORT_MAX_ATTEMPTS` runs. Each round also deletes the reports past their retention
 * (REPORTS_RETENTION_DAYS) with their files.
 */
export function startReportWorker(options: ReportWorkerOptions): ReportWorker {
  const { deps, log } = options;
  const leaseMs = options.leaseMs ?? 120_000;

  async function runLeased(): Promise<boolean> {
    const token = randomUUID();
    const job = await leaseQueuedReport(deps.db, token, leaseMs);
    if (!job) return false;
    try {
      await runReport(deps, job, { token, leaseMs });
      log.info({ reportId: job.id, type: job.type }, 'generated report done');
    } catch (err) {
      if (err instanceof ReportLostError)
        log.warn({ reportId: job.id }, 'generated report deleted or lost while it ran');
      else log.error({ err, reportId: job.id }, 'generated report failed');
    }
    return true;
  }

  async function round(stopping: () => boolean): Promise<number> {
    for (const key of await deleteExpiredReports(deps.db)) if (key) await removeReportFile(deps.config, key);
    for (const released of await releaseExpiredRuns(
      deps.db,
      REPORT_MAX_ATTEMPTS,
      deps.config.reportsRetentionDays,
    )) {
      log.warn({ reportId: released.id }, 'generated report run interrupted: its lease ran out');
      await removeReportFile(deps.config, reportFileKey(released.leaseToken, released.format));
    }
    let runs = 0;
    while (!stopping() && (await runLeased())) runs += 1;
    return runs;
  }

  return startPeriodicTask({
    round,
    failed: 0,
    failure: 'report worker round failed',
    log,
    intervalMs: options.timer === false ? null : (options.intervalMs ?? 3_000),
  });
}
