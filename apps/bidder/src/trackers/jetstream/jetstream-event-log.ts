import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { inTransaction } from '@rtb/db';
import {
  type DeliveryDeps,
  FoldError,
  judgedAgainst,
  type LoggedEvent,
  loggedOf,
  PARKED_AFTER,
  recordLoggedEvents,
} from '@rtb/delivery';
import type { EventLog, Fold } from '../event-log';
import { type EventStream, ensureEventStream, eventStreamOf, keyToken, subjectOf } from './event-stream';
import { natsConnection } from './nats-connection';
import { parkMessage } from './park-message';
import { type PulledMessage, pullBatch } from './pull-batch';
import { waitingKeys } from './waiting-keys';

/** What the JetStream log tells whoever watches it (the bidder's metrics, its log). */
export interface JetStreamLogWatcher {
  published(seconds: number): void;
  publishFailed(): void;
  deferred(events: number): void;
  /** A message moved to the parked stream, by its subject. */
  parked(subject: string, error: unknown): void;
  connectionError(error: unknown): void;
}

export interface JetStreamLogOptions {
  url: string;
  /** The stream's name (`RTB_NATS_STREAM`): `eventStreamOf` names the rest after it. */
  stream: string;
  deps: DeliveryDeps;
  /** An event judged against one still waiting is put back until it is this old; and the consumer's ack wait. */
  graceMs: number;
  /** How long an append may wait for the stream's acks. */
  publishTimeoutMs: number;
  watcher: JetStreamLogWatcher;
  now?: () => number;
}

/** How long an event put back waits before it is delivered again (its bid's other event is being folded). */
export const DEFER_MS = 50;

/**
 * The event log on NATS JetStream (decision 0029): each event is published under its key
 * (`Nats-Msg-Id`: a retry within the duplicate window is not stored again) to a work-queue stream,
 * and answered once the stream acked it. Every bidder process folds from one durable pull
 * consumer: a fold pulls the oldest messages, records them (`recordLoggedEvents`) in one
 * transaction and acks them after it committed (a failed fold's messages stay held here for the
 * next, smaller folds, as the table's rows stay first in line). A message delivered again (a process died
 * between the commit and its ack) is folded again and found recorded: exactly once stays with
 * the events' keys. An event whose bid has an event it is judged against still in the stream,
 * outside this fold, is put back (`DEFER_MS`) until `graceMs` old. A message whose fold failed
 * alone `PARKED_AFTER` times here is moved to the parked stream (`replayParked` brings it back).
 */
export class JetStreamEventLog<Note> implements EventLog<Note> {
  readonly foldsAtClose = false;
  readonly #o: JetStreamLogOptions;
  readonly #names: EventStream;
  readonly #nc: NatsConnection;
  readonly #js: JetStreamClient;
  readonly #jsm: JetStreamManager;
  readonly #now: () => number;
  /** Messages of failed folds, oldest first, held for the next folds. */
  #held: PulledMessage[] = [];
  /** Folds failed alone here, by stream sequence. */
  readonly #failures = new Map<number, number>();
  /** Whether the connection is up (its status events, from the connection's start). */
  readonly #link: { connected: boolean };

  private constructor(
    options: JetStreamLogOptions,
    nc: NatsConnection,
    jsm: JetStreamManager,
    link: { connected: boolean },
  ) {
    this.#o = options;
    this.#link = link;
    this.#names = eventStreamOf(options.stream);
    this.#nc = nc;
    this.#jsm = jsm;
    this.#js = jetstream(nc, { timeout: options.publishTimeoutMs });
    this.#now = options.now ?? Date.now;
  }

  /** Connects and makes (or brings up to date) the streams and the consumer. */
  static async open<Note>(options: JetStreamLogOptions): Promise<JetStreamEventLog<Note>> {
    const link = { connected: true };
    const nc = await natsConnection(options.url, `rtb-bidder:${options.stream}`, {
      connected: (up) => {
        link.connected = up;
      },
      error: (error) => options.watcher.connectionError(error),
    });
    try {
      const jsm = await jetstreamManager(nc, { timeout: options.publishTimeoutMs });
      await ensureEventStream(jsm, eventStreamOf(options.stream), options.graceMs);
      return new JetStreamEventLog<Note>(options, nc, jsm, link);
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  /**
   * Publishes every event at once; each resolves with the stream's ack (false: a duplicate of a
   * key it had). While the connection is lost they fail at once: the client would send them once
   * it is back, after their notices got 503 (a retry then counts once, but "not counted" would be untrue).
   */
  append(entries: LoggedEvent<Note>[]): Promise<boolean[]> {
    return Promise.all(
      entries.map(async (entry) => {
        const key = entry.event.eventKey;
        const started = this.#now();
        try {
          if (!this.#link.connected) throw new Error('The event log (NATS) is not connected.');
          const ack = await this.#js.publish(subjectOf(this.#names, key), JSON.stringify(entry), {
            msgID: keyToken(key),
          });
          this.#o.watcher.published((this.#now() - started) / 1000);
          return !ack.duplicate;
        } catch (error) {
          this.#o.watcher.publishFailed();
          throw error;
        }
      }),
    );
  }

  /**
   * Folds the messages a failed fold left here first (halved by the folder: a message that cannot
   * be folded is found as with the table), else pulls the oldest ready ones.
   */
  async fold(limit: number): Promise<Fold<Note>> {
    let batch: PulledMessage[] = [];
    try {
      // A pull sent while the connection is lost would be answered, once back, to nobody.
      if (!this.#link.connected) throw new Error('The event log (NATS) is not connected.');
      batch = this.#held.length ? this.#held.splice(0, limit) : await pullBatch(this.#nc, this.#names, limit);
      if (!batch.length) return { claimed: 0, folded: [], effects: [], deferred: 0 };
      const messages = batch.map((message) => ({
        message,
        logged: loggedOf<Note>(JSON.parse(new TextDecoder().decode(message.data))),
      }));
      // The events these are judged against, outside them, whose message is still in the stream.
      const inFold = new Set(messages.map((m) => m.logged.event.eventKey));
      const asked = [...new Set(messages.flatMap((m) => judgedAgainst(m.logged.event)))];
      const waiting = await waitingKeys(
        this.#jsm,
        this.#names,
        asked.filter((key) => !inFold.has(key)),
      );
      const young = (message: PulledMessage) => this.#now() - message.storedAtMs < this.#o.graceMs;
      const deferred = messages.filter(
        ({ message, logged }) =>
          young(message) && judgedAgainst(logged.event).some((key) => waiting.has(key)),
      );
      const ready = messages.filter((m) => !deferred.includes(m));
      const { folded, effects } = ready.length
        ? await inTransaction(this.#o.deps, (tx) =>
            recordLoggedEvents(
              tx,
              ready.map((m) => m.logged),
            ),
          )
        : { folded: [], effects: [] };
      for (const { message } of ready) {
        message.ack();
        this.#failures.delete(message.seq);
      }
      for (const { message } of deferred) message.nak(DEFER_MS);
      if (deferred.length) this.#o.watcher.deferred(deferred.length);
      // The acks reach the server before the fold returns (one lost is a redelivery, found recorded).
      await this.#nc.flush().catch(() => {});
      return { claimed: batch.length, folded, effects, deferred: deferred.length };
    } catch (error) {
      const [alone] = batch;
      if (!(limit === 1 && alone && (await this.#failedAlone(alone, error)))) {
        // Kept for the next folds (not redelivered meanwhile): they take them, halved.
        for (const message of batch) message.working();
        this.#held.unshift(...batch);
      }
      throw new FoldError(batch.length, error);
    }
  }

  /**
   * A fold of this message alone failed: the `PARKED_AFTER`th time here it is copied to the
   * parked stream under its subject and taken out of the log (not parked: it is tried again).
   */
  async #failedAlone(message: PulledMessage, error: unknown): Promise<boolean> {
    const failures = (this.#failures.get(message.seq) ?? 0) + 1;
    this.#failures.set(message.seq, failures);
    if (failures < PARKED_AFTER || !(await parkMessage(this.#js, this.#names, message, error))) return false;
    this.#failures.delete(message.seq);
    this.#o.watcher.parked(message.subject, error);
    return true;
  }

  async waiting(): Promise<number> {
    return (await this.#jsm.streams.info(this.#names.stream)).state.messages;
  }

  problem(): string | null {
    if (this.#nc.isClosed()) return 'The event log (NATS) is closed.';
    return this.#link.connected ? null : 'The event log (NATS) does not answer.';
  }

  /** Gives back the messages held after a failed fold, lets what was sent reach the server (acks included), and closes. */
  async close(): Promise<void> {
    for (const message of this.#held.splice(0)) message.nak();
    if (!this.#nc.isClosed()) await this.#nc.drain();
  }
}
