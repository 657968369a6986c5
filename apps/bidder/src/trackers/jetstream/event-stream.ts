import { createHash } from 'node:crypto';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  type JetStreamManager,
  RetentionPolicy,
  StorageType,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';

/** The JetStream names of one event log (docs/operations.md, 'Events on NATS JetStream'). */
export interface EventStream {
  /** The stream of events waiting to be folded (`RTB_EVENTS`): subjects `<stream>.<kind>.<key hash>`. */
  stream: string;
  /** The durable pull consumer every bidder process folds from. */
  consumer: string;
  /** The stream of parked events (`RTB_EVENTS_PARKED`): kept until replayed. */
  parked: string;
}

export const eventStreamOf = (stream: string): EventStream => ({
  stream,
  consumer: `${stream}_FOLD`,
  parked: `${stream}_PARKED`,
});

/** An event key as one subject token (keys hold any text: a conversion's order id). */
export const keyToken = (eventKey: string): string =>
  createHash('sha256').update(eventKey).digest('base64url');

/** The subject of an event of this kind and key: the key's waiting message is found under it. */
export const subjectOf = (names: EventStream, eventKey: string): string =>
  `${names.stream}.${eventKey.slice(0, eventKey.indexOf(':'))}.${keyToken(eventKey)}`;

/** A parked message's subject: its subject in the log, under the parked stream. */
export const parkedSubjectOf = (names: EventStream, subject: string): string =>
  `${names.parked}${subject.slice(names.stream.length)}`;

/** The header of a parked message that says why its fold failed. */
export const PARKED_ERROR_HEADER = 'Rtb-Parked-Error';

/** How long JetStream drops a message whose id (its key) it had: a retried notice is a duplicate at once. */
const DUPLICATE_WINDOW_MS = 120_000;

/**
 * Makes the streams and the consumer, or brings the settings this code relies on to what it
 * needs, keeping the others an operator set (replicas, limits). A work queue: a message acked is
 * gone, so one still in the stream is one waiting to be folded. `ackWaitMs`: a message delivered
 * and not acked that long (its process died) goes to another.
 */
export async function ensureEventStream(
  jsm: JetStreamManager,
  names: EventStream,
  ackWaitMs: number,
): Promise<void> {
  await ensureStream(jsm, {
    name: names.stream,
    subjects: [`${names.stream}.>`],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    allow_direct: true,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  });
  await ensureStream(jsm, {
    name: names.parked,
    subjects: [`${names.parked}.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
  });
  const consumer = {
    durable_name: names.consumer,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(ackWaitMs),
    max_deliver: -1,
    // Several processes' folds of thousands each may be held at once.
    max_ack_pending: 1_000_000,
  };
  const existing = await jsm.consumers.info(names.stream, names.consumer).catch(notFound);
  if (!existing) await jsm.consumers.add(names.stream, consumer);
  else if (
    existing.config.ack_wait !== consumer.ack_wait ||
    existing.config.max_ack_pending !== consumer.max_ack_pending
  )
    await jsm.consumers.update(names.stream, names.consumer, {
      ack_wait: consumer.ack_wait,
      max_ack_pending: consumer.max_ack_pending,
    });
}

async function ensureStream(jsm: JetStreamManager, wanted: Partial<StreamConfig> & { name: string }) {
  const existing = await jsm.streams.info(wanted.name).catch(notFound);
  if (!existing) {
    await jsm.streams.add(wanted);
    return;
  }
  if (existing.config.retention !== wanted.retention)
    throw new Error(
      `The stream ${wanted.name} has retention ${existing.config.retention}, not ${wanted.retention}.`,
    );
  const differs = Object.entries(wanted).some(
    ([key, value]) => JSON.stringify(existing.config[key as keyof StreamConfig]) !== JSON.stringify(value),
  );
  if (differs) await jsm.streams.update(wanted.name, { ...existing.config, ...wanted });
}

/** Null for a stream or consumer not found; any other error goes on. */
function notFound(error: unknown): null {
  if (error instanceof JetStreamApiError && error.status === 404) return null;
  throw error;
}
