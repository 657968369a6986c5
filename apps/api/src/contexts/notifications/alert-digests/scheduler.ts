import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../core/deps';
import { type PeriodicTask, startPeriodicTask } from '../../../core/periodic-task';
import { type AlertDigestsRound, queueAlertDigests } from './queue-alert-digests';

export interface AlertDigestSchedulerOptions {
  deps: AppDeps;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** How often it looks for due digests (a mail goes out at most this long after 08:00). */
  intervalMs?: number;
  now?: () => Date;
}

/** A round queues the digests due now. */
export type AlertDigestScheduler = PeriodicTask<AlertDigestsRound>;

/**
 * Queues the daily alert digests in the background, in every API process: which are due is read
 * from the database each round, and each user's day is taken once (`alert_digest_sends`), so
 * several processes and restarts send each digest once.
 */
export function startAlertDigestScheduler(options: AlertDigestSchedulerOptions): AlertDigestScheduler {
  const { deps, log } = options;
  const now = options.now ?? (() => new Date());
  return startPeriodicTask({
    round: async () => {
      const round = await queueAlertDigests(deps, now(), log);
      if (round.queued || round.skipped) log.info(round, 'alert digests queued');
      return round;
    },
    failed: { queued: 0, skipped: 0 },
    failure: 'alert digest round failed',
    log,
    intervalMs: options.intervalMs ?? 60_000,
  });
}
