import type { FastifyBaseLogger } from 'fastify';

/** Why an event was not committed: the queue was full, or its time ran out (nothing of its batch was written). */
export class CommitUnavailableError extends Error {
  constructor(
    readonly why: 'queue_full' | 'timeout',
    cause?: unknown,
  ) {
    super(
      why === 'queue_full' ? 'Too many events wait to be committed.' : 'The events could not be committed.',
      {
        cause,
      },
    );
  }
}

/** What a queue tells whoever watches it (the bidder's metrics). */
export interface CommitQueueWatcher {
  committed(events: number, seconds: number): void;
  failed(): void;
  /** Events answered 503: their time ran out, or the queue was full. */
  unavailable(events: number, why: CommitUnavailableError['why']): void;
}

export interface CommitQueueOptions<Event, Result> {
  /** Commits one batch in one transaction and answers each event in its order. */
  commit(events: Event[]): Promise<Result[]>;
  maxEvents: number;
  waitMs: number;
  /** How long after it came an event may wait for its commit (retries included) before its request gets 503. */
  timeoutMs: number;
  /** Events waiting at most; one more is refused at once. */
  limit?: number;
  /** Batches committed at the same time at most (default 1: one after the other). */
  parallel?: number;
  log: FastifyBaseLogger;
  /** What the log calls the events ('delivery events', 'tag events'). */
  name: string;
  watcher?: CommitQueueWatcher;
  now?: () => number;
}

interface Waiting<Event, Result> {
  event: Event;
  /** When its request gets 503 if it is not committed by then. */
  deadline: number;
  resolve(result: Result): void;
  reject(error: CommitUnavailableError): void;
}

const FIRST_RETRY_MS = 25;
const LONGEST_RETRY_MS = 1_000;

/**
 * Group commit (DESIGN.md section 6, trackers): events wait until the batch has `maxEvents` or
 * `waitMs` passed since its first event, then the batch is committed in one transaction and
 * each request is answered with its event's outcome, so nothing acknowledged can be lost. Up to
 * `parallel` batches are in flight at a time; events arriving meanwhile form the next ones. A failing batch is
 * retried with backoff until the first of its events runs out of time (`timeoutMs` after it came);
 * events waiting behind it get their 503 at their own deadline, never later, and past `limit`
 * waiting events a new one is refused at once. The trackers have one queue for delivery events
 * and one for the shop tag's events.
 */
export class CommitQueue<Event, Result> {
  readonly #o: CommitQueueOptions<Event, Result>;
  readonly #now: () => number;
  #pending: Waiting<Event, Result>[] = [];
  #inFlight = 0;
  #timer: NodeJS.Timeout | null = null;
  #expiry: NodeJS.Timeout | null = null;
  /** The batches being committed, each by a loop that takes the next one while enough wait. */
  readonly #running = new Set<Promise<void>>();
  /** The wait of the pending batch ran out while another batch was in flight. */
  #due = false;
  /** Since when commits have been failing (null while they succeed). */
  #failingSince: number | null = null;

  constructor(options: CommitQueueOptions<Event, Result>) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** Events waiting for their commit, the batch in flight included. */
  get depth(): number {
    return this.#pending.length + this.#inFlight;
  }

  /** Whether commits succeed, or have failed for less than an event's time (the bidder may go on bidding). */
  healthy(): boolean {
    return this.#failingSince === null || this.#now() - this.#failingSince < this.#o.timeoutMs;
  }

  /** Resolves once the event's batch committed; rejects with `CommitUnavailableError` when it could not. */
  record(event: Event): Promise<Result> {
    if (this.#o.limit !== undefined && this.depth >= this.#o.limit) {
      this.#o.watcher?.unavailable(1, 'queue_full');
      return Promise.reject(new CommitUnavailableError('queue_full'));
    }
    return new Promise((resolve, reject) => {
      this.#pending.push({ event, deadline: this.#now() + this.#o.timeoutMs, resolve, reject });
      if (this.#pending.length >= this.#o.maxEvents) this.#flush();
      else this.#timer ??= setTimeout(() => this.#flush(), this.#o.waitMs);
      this.#watchDeadlines();
    });
  }

  #flush() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#running.size >= (this.#o.parallel ?? 1)) {
      this.#due = true;
      return;
    }
    if (!this.#pending.length) return;
    const run: Promise<void> = this.#run().finally(() => this.#running.delete(run));
    this.#running.add(run);
  }

  async #run() {
    do {
      this.#due = false;
      const batch = this.#pending.splice(0, this.#o.maxEvents);
      this.#inFlight += batch.length;
      await this.#commit(batch);
      this.#inFlight -= batch.length;
    } while (this.#pending.length && (this.#due || this.#pending.length >= this.#o.maxEvents));
    if (this.#pending.length) this.#timer ??= setTimeout(() => this.#flush(), this.#o.waitMs);
  }

  async #commit(batch: Waiting<Event, Result>[]) {
    const started = this.#now();
    // Events come in order, so the first of the batch runs out of time first.
    const deadline = batch[0]?.deadline ?? started;
    for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
      const attempt = this.#o.commit(batch.map((w) => w.event));
      try {
        const recorded = await this.#withinDeadline(attempt, deadline);
        this.#failingSince = null;
        this.#o.watcher?.committed(batch.length, (this.#now() - started) / 1000);
        batch.forEach((w, i) => {
          w.resolve(recorded[i] as Result);
        });
        return;
      } catch (error) {
        this.#failingSince ??= this.#now();
        this.#o.watcher?.failed();
        const left = deadline - this.#now();
        if (left <= 0) {
          this.#o.log.error(
            { err: error, events: batch.length },
            `${this.#o.name} not committed; answering 503`,
          );
          this.#giveUp(batch, error);
          // A commit that hangs (a frozen database) still ends before the next batch starts: one
          // transaction at a time. Had it committed after all, the notices' retries count once.
          await attempt.catch(() => {});
          return;
        }
        this.#o.log.warn({ err: error, events: batch.length }, `${this.#o.name} commit failed; retrying`);
        await new Promise((resolve) => setTimeout(resolve, Math.min(delay, left)));
      }
    }
  }

  /** The commit's outcome, or a rejection once the deadline passed (the commit itself goes on). */
  #withinDeadline(attempt: Promise<Result[]>, deadline: number): Promise<Result[]> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('The commit did not end in time.')),
        Math.max(0, deadline - this.#now()),
      );
    });
    return Promise.race([attempt, late]).finally(() => clearTimeout(timer));
  }

  #giveUp(events: Waiting<Event, Result>[], cause?: unknown) {
    if (!events.length) return;
    this.#o.watcher?.unavailable(events.length, 'timeout');
    const unavailable = new CommitUnavailableError('timeout', cause);
    for (const w of events) w.reject(unavailable);
  }

  /** Answers 503 to the waiting events whose time ran out (a batch ahead of them is still being retried). */
  #watchDeadlines() {
    if (this.#expiry || !this.#pending.length) return;
    const first = this.#pending[0] as Waiting<Event, Result>;
    this.#expiry = setTimeout(
      () => {
        this.#expiry = null;
        const now = this.#now();
        const expired = this.#pending.findIndex((w) => w.deadline > now);
        this.#giveUp(this.#pending.splice(0, expired < 0 ? this.#pending.length : expired));
        this.#watchDeadlines();
      },
      Math.max(0, first.deadline - this.#now()),
    );
    this.#expiry.unref();
  }

  /** Commits everything waiting and returns when no batch is left. */
  async close(): Promise<void> {
    while (this.#pending.length || this.#running.size) {
      this.#flush();
      await Promise.all(this.#running);
    }
    if (this.#expiry) clearTimeout(this.#expiry);
    this.#expiry = null;
  }
}
