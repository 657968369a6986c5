import { createHmac } from 'node:crypto';
import { inTransaction } from '@rtb/db';
import type { DeliveryDeps } from '@rtb/delivery';
import { recordRequestSamples } from '@rtb/delivery';
import { type BidRequestFacts, type RequestSample, type SampleDay, sampleOfRequest } from '@rtb/rtb';
import type { BidderMetrics } from '../metrics/bidder-metrics';

/** How often the sample and the day counters are written. */
const FLUSH_EVERY_MS = 5_000;
/** Sampled requests held at most between flushes: beyond, new ones are dropped (and counted). */
const MAX_PENDING = 5_000;
const DAY_MS = 86_400_000;

/**
 * The bid requests kept for the campaign forecast (decision 0019): every valid, non-test request
 * is counted per UTC day, and 1 in `every` of them is kept (its facts, the user id as an HMAC
 * under the signing key, so every bidder hashes alike). Held in memory and written every 5 s in
 * one transaction (`recordRequestSamples`), never on the bid's path; a failed write keeps the
 * counts and the bounded batch for the next one.
 */
export class RequestSampler {
  readonly #deps: DeliveryDeps;
  readonly #metrics: BidderMetrics;
  readonly #every: number;
  readonly #key: string;
  #seen = 0;
  #pending: RequestSample[] = [];
  #days = new Map<string, SampleDay>();
  #today: SampleDay | null = null;
  #todayFrom = 0;
  #flushing: Promise<void> | null = null;
  readonly #timer: NodeJS.Timeout;

  constructor(deps: DeliveryDeps, metrics: BidderMetrics, options: { every: number; key: string }) {
    this.#deps = deps;
    this.#metrics = metrics;
    this.#every = options.every;
    this.#key = options.key;
    this.#timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.#timer.unref();
  }

  /** Counts one valid request and keeps it when its turn comes; a test request is neither. */
  seen(request: BidRequestFacts, now: Date): void {
    if (request.test || this.#every <= 0) return;
    const counter = this.#counterOf(now);
    counter.requests += 1;
    this.#seen += 1;
    if (this.#seen % this.#every !== 0) return;
    if (this.#pending.length >= MAX_PENDING) {
      this.#metrics.forecastSamplesDropped.inc();
      return;
    }
    counter.sampled += 1;
    this.#pending.push(sampleOfRequest(request, now, (id) => this.#hash(id)));
  }

  /** The counter of `now`'s UTC day: its name is worked out once a day, not per request (the bid path). */
  #counterOf(now: Date): SampleDay {
    const ms = now.getTime();
    let counter = this.#today;
    if (!counter || ms < this.#todayFrom || ms >= this.#todayFrom + DAY_MS) {
      this.#todayFrom = ms - (ms % DAY_MS);
      const day = new Date(this.#todayFrom).toISOString().slice(0, 10);
      counter = this.#days.get(day) ?? { day, requests: 0, sampled: 0 };
      this.#days.set(day, counter);
      this.#today = counter;
    }
    return counter;
  }

  #hash(userId: string): string {
    return createHmac('sha256', this.#key).update(userId).digest('base64url').slice(0, 16);
  }

  /** Writes what was kept (one flush at a time). */
  flush(): Promise<void> {
    this.#flushing ??= this.#write().finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }

  async #write() {
    if (!this.#days.size) return;
    const samples = this.#pending;
    const days = this.#days;
    this.#pending = [];
    this.#days = new Map();
    // The cached day's counter is in the map being written: the next request starts a new one.
    this.#today = null;
    try {
      await inTransaction(this.#deps, (tx) => recordRequestSamples(tx.db, samples, [...days.values()]));
    } catch {
      this.#metrics.databaseErrors.inc({ part: 'samples' });
      this.#pending = [...samples, ...this.#pending].slice(0, MAX_PENDING);
      for (const [day, counter] of days) {
        const now = this.#days.get(day);
        if (now) {
          now.requests += counter.requests;
          now.sampled += counter.sampled;
        } else this.#days.set(day, counter);
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#flushing;
    await this.flush();
  }
}
