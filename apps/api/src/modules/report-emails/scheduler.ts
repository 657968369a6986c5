import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../core/deps';
import { queueWeeklyReports, type WeeklyReportsRound } from './queue-weekly-reports';

export interface WeeklyReportSchedulerOptions {
  deps: AppDeps;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** How often it looks for due reports (a mail goes out at most this long after 08:00). */
  intervalMs?: number;
  now?: () => Date;
}

export interface WeeklyReportScheduler {
  /** Queues the reports due now; resolves when this round is done. */
  runOnce(): Promise<WeeklyReportsRound>;
  stop(): Promise<void>;
}

/**
 * Queues the weekly report mails in the background, in every API process: which are due is read
 * from the database each round, and each user's week is taken once (`weekly_report_sends`), so
 * several processes and restarts send each mail once.
 */
export function startWeeklyReportScheduler(options: WeeklyReportSchedulerOptions): WeeklyReportScheduler {
  const { deps, log } = options;
  const now = options.now ?? (() => new Date());
  let running: Promise<WeeklyReportsRound> | null = null;

  function runOnce(): Promise<WeeklyReportsRound> {
    running ??= queueWeeklyReports(deps, now(), log)
      .then((round) => {
        if (round.queued || round.skipped) log.info(round, 'weekly reports queued');
        return round;
      })
      .catch((err: unknown) => {
        log.error({ err }, 'weekly report round failed');
        return { queued: 0, skipped: 0 };
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void runOnce(), options.intervalMs ?? 60_000);
  timer.unref();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
