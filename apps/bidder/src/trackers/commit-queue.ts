import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';

/** The batch could not be committed within the retry window: nothing of it was written. */
export class CommitUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The events could not be committed.', { cause });
  }
}

export interface CommitQueueOptions<Event, Result> {
  /** Commits one batch in one transaction and answers each event in its order. */
  commit(events: Event[]): Promise<Result[]>;
  maxEvents: number;
  waitMs: number;
  /** How long a failing batch is retried (with backoff) before its requests get 503. */
  retryForMs: number;
  log: FastifyBaseLogger;
  /** What the log calls the events ('delivery events', 'tag events'). */
  name: string;
}

interface Waiting<Event, Result> {
  event: Event;
  resolve(result: Result): void;
  reject(error: CommitUnavailableError): void;
}

const FIRST_RETRY_MS = 25;
const LONGEST_RETRY_MS = 1_000;

/**
 * Group commit (DESIGN.md section 6, trackers): events wait until the batch has `maxEvents` or
 * `waitMs` passed since its first event, then the batch is committed in one transaction and
 * each request is answered with its event's outcome, so nothing acknowledged can be lost. One
 * batch is in flight at a time; events arriving meanwhile form the next one. The trackers have
 * one queue for delivery events and one for the shop tag's events.
 */
export class CommitQueue<Event, Result> {
  readonly #o: CommitQueueOptions<Event, Result>;
  #pending: Waiting<Event, Result>[] = [];
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  /** The wait of the pending batch ran out while another batch was in flight. */
  #due = false;

  constructor(options: CommitQueueOptions<Event, Result>) {
    this.#o = options;
  }

  /** Resolves once the event's batch committed; rejects with `CommitUnavailableError` when it could not. */
  record(event: Event): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ event, resolve, reject });
      if (this.#pending.length >= this.#o.maxEvents) this.#flush();
      else this.#timer ??= setTimeout(() => this.#flush(), this.#o.waitMs);
    });
  }

  #flush() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#running) {
      this.#due = true;
      return;
    }
    if (this.#pending.length) this.#running = this.#run();
  }

  async #run() {
    do {
      this.#due = false;
      await this.#commit(this.#pending.splice(0, this.#o.maxEvents));
    } while (this.#pending.length && (this.#due || this.#pending.length >= this.#o.maxEvents));
    this.#running = null;
    if (this.#pending.length) this.#timer ??= setTimeout(() => this.#flush(), this.#o.waitMs);
  }

  async #commit(batch: Waiting<Event, Result>[]) {
    const started = Date.now();
    for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
      try {
        const recorded = await this.#o.commit(batch.map((w) => w.event));
        batch.forEach((w, i) => {
          w.resolve(recorded[i] as Result);
        });
        return;
      } catch (error) {
        if (Date.now() - started + delay > this.#o.retryForMs) {
          this.#o.log.error(
            { err: error, events: batch.length },
            `${this.#o.name} not committed; answering 503`,
          );
          const unavailable = new CommitUnavailableError(error);
          for (const w of batch) w.reject(unavailable);
          return;
        }
        this.#o.log.warn({ err: error, events: batch.length }, `${this.#o.name} commit failed; retrying`);
        await sleep(delay);
      }
    }
  }

  /** Commits everything waiting and returns when no batch is left. */
  async close(): Promise<void> {
    while (this.#pending.length || this.#running) {
      this.#flush();
      await this.#running;
    }
  }
}
