import {
  applyStaleFoldEffects,
  type DeliveryDeps,
  type FoldEffects,
  FoldError,
  type FoldedEvent,
  foldEffectsApplied,
} from '@rtb/delivery';
import type { FastifyBaseLogger } from 'fastify';
import type { EventLog } from './event-log';

/** What a folder tells whoever watches it (the bidder's metrics). */
export interface EventFolderWatcher {
  folded(events: number, seconds: number): void;
  failed(): void;
  /** Folds' effects on one advertiser's counters each: applied, failed (left for recovery), recovered. */
  effects(outcome: 'applied' | 'failed' | 'recovered', count: number): void;
}

export interface EventFolderOptions<Note> {
  log: EventLog<Note>;
  /** Events of one fold at most. */
  maxEvents: number;
  /** How often the log is looked at when nothing was appended here (other processes' events). */
  pollMs: number;
  /** Told of each fold's events once it committed (budget counters, metrics); never throws. */
  applied(folded: FoldedEvent<Note>[]): Promise<void>;
  /**
   * Adds a fold's effects on one advertiser to the budget counters (`BudgetStore.applyFold`:
   * once per fold however often called); its rows in the database go once it resolved, and stay
   * for another process's recovery (past the grace) when it throws.
   */
  applyEffects(effects: FoldEffects): Promise<void>;
  /** Where the folds' effects wait for the budget store, and how old another process's are recovered here. */
  deps: DeliveryDeps;
  graceMs: number;
  logger: FastifyBaseLogger;
  watcher?: EventFolderWatcher;
  now?: () => number;
}

const FIRST_RETRY_MS = 25;
const LONGEST_RETRY_MS = 1_000;
/** How soon a drain looks again for events a fold put back (JetStream's redelivery delay, `DEFER_MS`). */
const DEFERRED_RETRY_MS = 50;

/**
 * Folds the durable event log (`EventLog`: the table's rows or the stream's messages) into the
 * database's records (docs/operations.md, 'Events: acknowledged, then folded'): one fold at a
 * time in this process, each taking up to `maxEvents` of the oldest events, as soon as the
 * trackers append (`kick`) and every `pollMs` otherwise. Under load a fold takes what was
 * appended while the previous one ran, so batches grow with the rate. A failed fold is retried
 * with backoff and half its events, and the size doubles back with each success: an event that
 * cannot be folded is found in a few halvings and parked by the log instead of holding back the others.
 */
export class EventFolder<Note> {
  readonly #o: EventFolderOptions<Note>;
  readonly #now: () => number;
  /** Folds in this process run one after the other. */
  #chain: Promise<unknown> = Promise.resolve();
  #loop: Promise<void> | null = null;
  #kicked = false;
  #wake: (() => void) | null = null;
  #closed = false;
  /** Events the next fold takes at most: halved after a failed fold, doubled back after each success. */
  #limitNow: number;
  #failingSince: number | null = null;

  constructor(options: EventFolderOptions<Note>) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#limitNow = options.maxEvents;
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  /** New rows were appended here: fold them now. */
  kick(): void {
    this.#kicked = true;
    this.#wake?.();
  }

  /** Whether folds succeed, or have failed for less than `withinMs` (the bidder may go on bidding). */
  healthy(withinMs: number): boolean {
    return this.#failingSince === null || this.#now() - this.#failingSince < withinMs;
  }

  /**
   * Folds until this process's events are folded (events another fold holds are its to fold, and
   * events put back are looked at again shortly); throws when a fold fails.
   */
  async drain(): Promise<void> {
    for (;;) {
      const next = await this.#fold(this.#limitNow);
      if (next === 'done') return;
      if (next === 'deferred') await new Promise((resolve) => setTimeout(resolve, DEFERRED_RETRY_MS));
    }
  }

  /**
   * Stops the loop and lets the running fold end; then folds what is left when the log keeps this
   * process's events for it (a failure is logged: they wait in the log for the next start).
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#wake?.();
    await this.#loop;
    if (this.#o.log.foldsAtClose)
      await this.drain().catch((err) => this.#o.logger.error({ err }, 'event log not folded at close'));
    else await this.#chain;
  }

  async #run(): Promise<void> {
    let delay = FIRST_RETRY_MS;
    while (!this.#closed) {
      this.#kicked = false;
      let more: boolean;
      try {
        more = (await this.#fold(this.#limitNow)) === 'more';
        delay = FIRST_RETRY_MS;
      } catch (err) {
        this.#o.logger.warn({ err }, 'event log fold failed; retrying');
        await this.#sleep(delay);
        delay = Math.min(delay * 2, LONGEST_RETRY_MS);
        continue;
      }
      if (!more && !this.#kicked) {
        await this.#recoverEffects();
        await this.#sleep(this.#o.pollMs);
      }
    }
  }

  /**
   * One fold, after any running one; answers whether more may wait (`more`: it claimed as many as
   * it could and folded some), only events it put back for a little while (`deferred`), or
   * neither (`done`: events left for a later fold wait for another process's).
   */
  #fold(limit: number): Promise<'more' | 'deferred' | 'done'> {
    const fold = this.#chain.then(async () => {
      const started = this.#now();
      let claimed: number;
      let folded: FoldedEvent<Note>[];
      let effects: FoldEffects[];
      let deferred: number;
      try {
        ({ claimed, folded, effects, deferred } = await this.#o.log.fold(limit));
      } catch (error) {
        this.#failingSince ??= this.#now();
        this.#o.watcher?.failed();
        const claimed = error instanceof FoldError ? error.claimed : 0;
        if (claimed > 1) this.#limitNow = Math.ceil(claimed / 2);
        throw error;
      }
      this.#failingSince = null;
      this.#limitNow = Math.min(this.#o.maxEvents, limit * 2);
      if (folded.length) {
        this.#o.watcher?.folded(folded.length, (this.#now() - started) / 1000);
        await Promise.all([this.#o.applied(folded), this.#applyEffects(effects)]);
      }
      if (claimed === limit && folded.length > 0) return 'more';
      return deferred > 0 ? 'deferred' : 'done';
    });
    this.#chain = fold.catch(() => {});
    return fold;
  }

  /** The fold's effects into the budget counters, then their rows out of the database (those applied). */
  async #applyEffects(effects: FoldEffects[]): Promise<void> {
    const applied = await Promise.all(
      effects.map((one) =>
        this.#o.applyEffects(one).then(
          () => true,
          (err: unknown) => {
            this.#o.logger.error(
              { err, advertiserId: one.advertiserId },
              'fold not applied to the budget counters',
            );
            return false;
          },
        ),
      ),
    );
    const failed = applied.filter((ok) => !ok).length;
    this.#o.watcher?.effects('applied', applied.length - failed);
    if (failed) this.#o.watcher?.effects('failed', failed);
    await foldEffectsApplied(
      this.#o.deps,
      effects.filter((_, i) => applied[i]),
    ).catch((err: unknown) =>
      this.#o.logger.warn({ err }, 'applied fold effects not deleted; recovered later'),
    );
  }

  /** Effects another process left behind past the grace (it died before its counters had them). */
  async #recoverEffects(): Promise<void> {
    await applyStaleFoldEffects(this.#o.deps, {
      graceMs: this.#o.graceMs,
      limit: 100,
      apply: (effects) => this.#o.applyEffects(effects),
    }).then(
      (recovered) => {
        if (recovered) this.#o.watcher?.effects('recovered', recovered);
      },
      (err: unknown) => this.#o.logger.warn({ err }, 'fold effects not recovered; retrying'),
    );
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#wake = null;
        done();
      };
    });
  }
}
