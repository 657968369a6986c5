import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../core/deps';
import { type PeriodicTask, startPeriodicTask } from '../../../core/periodic-task';
import { queueWeeklyReports, type WeeklyReportsRound } from './queue-weekly-reports';

export interface WeeklyReportSchedulerOptions {
  deps: AppDeps;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** How often it looks for due reports (a mail goes out at most this long after 08:00). */
  intervalMs?: number;
  now?: () => Date;
}

/** A round queues the reports due now. */
export type WeeklyReportScheduler = PeriodicTask<WeeklyReportsRound>;

/**
 * Queues the weekly report mails in the background, in every API process: which are due is read
 * from the database each round, and each user's week is taken once (`weekly_report_sends`), so
 * several processes and restarts send each mail once.
 */
export function startWeeklyReportScheduler(options: WeeklyReportSchedulerOptions): WeeklyReportScheduler {
  const { deps, log } = options;
  const now = options.now ?? (() => new Date());
  return startPeriodicTask({
    round: async () => {
      const round = await queueWeeklyReports(deps, now(), log);
      if (round.queued || round.skipped) log.info(round, 'weekly reports queued');
      return round;
    },
    failed: { queued: 0, skipped: 0 },
    failure: 'weekly report round failed',
    log,
    intervalMs: options.intervalMs ?? 60_000,
  });
}
