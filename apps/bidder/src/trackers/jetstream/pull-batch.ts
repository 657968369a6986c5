import { createInbox, type Msg, type NatsConnection } from '@nats-io/transport-node';
import type { EventStream } from './event-stream';

/** A message delivered by the fold consumer, with what its ack subject tells and how to answer it. */
export interface PulledMessage {
  subject: string;
  data: Uint8Array;
  /** Its sequence in the stream. */
  seq: number;
  /** When the stream stored it (Unix ms). */
  storedAtMs: number;
  ack(): void;
  /** Delivered again after `delayMs` (at once without). */
  nak(delayMs?: number): void;
  /** Never delivered again (a work queue drops it). */
  term(): void;
  /** Still being worked on: its ack wait starts again. */
  working(): void;
}

/** How long a pull waits for the server's answer (no answer: a lost connection). */
const PULL_TIMEOUT_MS = 5_000;

/**
 * Pulls up to `batch` messages from the fold consumer, answered at once with those ready (a
 * no-wait pull: an empty log answers none instead of holding the request open). The messages
 * are this process's to ack until the consumer's ack wait runs out.
 */
export async function pullBatch(
  nc: NatsConnection,
  names: EventStream,
  batch: number,
): Promise<PulledMessage[]> {
  const inbox = createInbox();
  const sub = nc.subscribe(inbox);
  const timer = setTimeout(() => sub.unsubscribe(), PULL_TIMEOUT_MS);
  nc.publish(
    `$JS.API.CONSUMER.MSG.NEXT.${names.stream}.${names.consumer}`,
    JSON.stringify({ batch, no_wait: true }),
    { reply: inbox },
  );
  const pulled: PulledMessage[] = [];
  let answered = false;
  try {
    for await (const msg of sub) {
      // A status (404: none waiting, 408: no more) ends the batch.
      if (msg.headers?.code) {
        answered = true;
        break;
      }
      pulled.push(pulledOf(msg));
      if (pulled.length === batch) {
        answered = true;
        break;
      }
    }
  } finally {
    clearTimeout(timer);
    sub.unsubscribe();
  }
  if (!answered && !pulled.length) throw new Error('The event stream did not answer the pull.');
  return pulled;
}

/** `$JS.ACK.<stream>.<consumer>.<delivered>.<stream seq>.<consumer seq>.<stored, ns>.<pending>` (and a longer form with a domain). */
function pulledOf(msg: Msg): PulledMessage {
  const tokens = (msg.reply ?? '').split('.');
  const at = tokens.length === 9 ? 2 : 4;
  // An answer lost with the connection is a redelivery after the ack wait, found recorded.
  const answer = (body: string) => {
    try {
      msg.respond(body);
    } catch {}
  };
  return {
    subject: msg.subject,
    data: msg.data,
    seq: Number(tokens[at + 3]),
    storedAtMs: Number(BigInt(tokens[at + 5] ?? '0') / 1_000_000n),
    ack: () => answer('+ACK'),
    nak: (delayMs) => answer(delayMs ? `-NAK ${JSON.stringify({ delay: delayMs * 1_000_000 })}` : '-NAK'),
    term: () => answer('+TERM'),
    working: () => answer('+WPI'),
  };
}
