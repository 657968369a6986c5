import type { JetStreamClient } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { type EventStream, PARKED_ERROR_HEADER, parkedSubjectOf } from './event-stream';
import type { PulledMessage } from './pull-batch';

/**
 * Copies a message to the parked stream under its subject (header `Rtb-Parked-Error`: why its
 * folds failed), then takes it out of the log. Answers whether it did (else it stays in the log).
 */
export async function parkMessage(
  js: JetStreamClient,
  names: EventStream,
  message: PulledMessage,
  error: unknown,
): Promise<boolean> {
  const h = headers();
  h.set(PARKED_ERROR_HEADER, String(error instanceof Error ? error.message : error).replace(/\s+/g, ' '));
  try {
    await js.publish(parkedSubjectOf(names, message.subject), message.data, { headers: h });
  } catch {
    return false;
  }
  message.term();
  return true;
}
