import { randomUUID } from 'node:crypto';
import type { DeliveryDeps } from '@rtb/delivery';
import type { FastifyBaseLogger } from 'fastify';
import type { BidderConfig } from '../config';
import type { BidderMetrics } from '../metrics/bidder-metrics';
import type { EventLog } from './event-log';
import { JetStreamEventLog } from './jetstream/jetstream-event-log';
import { tableEventLog } from './table-event-log';

/**
 * The event log the config names: NATS JetStream with `NATS_URL` (decision 0029), else the
 * database's table, where this process's rows are its own (a new origin at each start).
 */
export async function createEventLog<Note>(
  deps: DeliveryDeps,
  config: BidderConfig,
  metrics: BidderMetrics,
  log: FastifyBaseLogger,
): Promise<EventLog<Note>> {
  if (!config.natsUrl) return tableEventLog<Note>(deps, randomUUID(), config.foldGraceMs);
  const watched = metrics.eventStream;
  return JetStreamEventLog.open<Note>({
    url: config.natsUrl,
    stream: config.natsStream,
    deps,
    graceMs: config.foldGraceMs,
    publishTimeoutMs: config.commitTimeoutMs,
    watcher: {
      ...watched,
      parked(subject, err) {
        watched.parked();
        log.error({ err, subject }, 'event parked: its fold failed alone three times');
      },
      connectionError(err) {
        watched.connectionError();
        log.warn({ err }, 'nats connection error');
      },
    },
  });
}
