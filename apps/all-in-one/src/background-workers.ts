import { resolve } from 'node:path';
import type { AppDeps } from '@rtb/api';
import type { AppConfig } from '@rtb/api/config';
import {
  folderTransport,
  type MailWorker,
  smtpTransport,
  startAlertDigestScheduler,
  startFeedWorker,
  startMailWorker,
  startModelTrainingWorker,
  startPartitionWorker,
  startReportWorker,
  startWeeklyReportScheduler,
  startWinCurveWorker,
} from '@rtb/api/runtime';
import type { MetricsRegistry } from '@rtb/operations';
import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundWorkers {
  mail: MailWorker;
  /** Where mails go without SMTP_URL. */
  outbox: string;
  stop(): Promise<void>;
}

/**
 * The contexts' workers and schedulers (mail, feed imports, event partitions, weekly reports,
 * alert digests, generated reports, the click and conversion models, the win curves). Each takes
 * its work from the database under a lease or lock, or redoes it whole, so several processes may
 * run them; a process of role `all` or `worker` does. Their metrics go to the process's `registry`.
 */
export function startBackgroundWorkers(options: {
  deps: AppDeps;
  config: AppConfig;
  log: FastifyBaseLogger;
  registry: MetricsRegistry;
}): BackgroundWorkers {
  const { deps, config, log } = options;
  const outbox = resolve(config.dataDir, 'outbox');
  const mail = startMailWorker({
    db: deps.db,
    transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : folderTransport(outbox),
    from: config.mailFrom,
    log: log.child({ component: 'mail' }),
  });
  const feeds = startFeedWorker({ deps, log: log.child({ component: 'product-feeds' }) });
  // delivery_events' day partitions: the next days' made ahead, those past the retention dropped.
  const partitions = startPartitionWorker({ deps, log: log.child({ component: 'event-partitions' }) });
  const weeklyReports = startWeeklyReportScheduler({ deps, log: log.child({ component: 'weekly-reports' }) });
  const alertDigests = startAlertDigestScheduler({ deps, log: log.child({ component: 'alert-digests' }) });
  const reports = startReportWorker({ deps, log: log.child({ component: 'generated-reports' }) });
  // The bidders' click and conversion models, learned from the recorded events and judged before published.
  const models = startModelTrainingWorker({
    deps,
    log: log.child({ component: 'prediction-models' }),
    registry: options.registry,
  });
  // The first-price segments' win curves the bidders shade with, fitted from the win and loss notices.
  const winCurves = startWinCurveWorker({
    deps,
    log: log.child({ component: 'win-curves' }),
    registry: options.registry,
  });
  return {
    mail,
    outbox,
    async stop() {
      await mail.stop();
      await feeds.stop();
      await partitions.stop();
      await weeklyReports.stop();
      await alertDigests.stop();
      await reports.stop();
      await models.stop();
      await winCurves.stop();
    },
  };
}
