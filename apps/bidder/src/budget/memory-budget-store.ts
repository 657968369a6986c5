import { randomUUID } from 'node:crypto';
import type { FoldEffects } from '@rtb/delivery';
import { advertiserOfKey, type BudgetKey } from '@rtb/rtb';
import {
  type BudgetScope,
  type BudgetStore,
  type CounterReading,
  FOLD_MARK_TTL_MS,
  type ReserveOutcome,
  type ScopeTotals,
} from './budget-store';

interface Reservation {
  keys: readonly string[];
  amount: number;
  expiresAt: number;
  ttlMs: number;
}

interface Counter {
  spent: number;
  reserved: number;
  expiresAt: number;
  /** Given when the counter is first observed; a counter made by a settlement has none until then. */
  generation: string | null;
}

/**
 * The counters of a single bidder process. Every call completes synchronously inside its
 * promise, so a reservation's check and its write can never interleave with another's. Lapsed
 * reservations and keys are swept on the way (`sweepEvery` calls), so memory stays bounded.
 */
export class MemoryBudgetStore implements BudgetStore {
  readonly #counters = new Map<string, Counter>();
  readonly #reservations = new Map<string, Reservation>();
  /** Bid ids by their reservation's time to live: within one, the order they lapse in. */
  readonly #lapseOrder = new Map<number, Set<string>>();
  readonly #frequency = new Map<string, { count: number; expiresAt: number }>();
  /** Advertiser id -> its last fold's number, and fold id -> its number and when it is forgotten (oldest first). */
  readonly #folds = new Map<
    number,
    { sequence: number; applied: Map<string, { number: number; expiresAt: number }> }
  >();
  readonly #now: () => number;
  /** This store's own: generations of another store's counters never match. */
  readonly #instance = randomUUID();
  #generations = 0;
  #calls = 0;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  #counter(key: string, ttlMs?: number): Counter {
    let counter = this.#counters.get(key);
    if (!counter) {
      const expiresAt = ttlMs === undefined ? Number.POSITIVE_INFINITY : this.#now() + ttlMs;
      counter = { spent: 0, reserved: 0, expiresAt, generation: null };
      this.#counters.set(key, counter);
    }
    return counter;
  }

  #keep(bidId: string, reservation: Reservation) {
    this.#reservations.set(bidId, reservation);
    let order = this.#lapseOrder.get(reservation.ttlMs);
    if (!order) {
      order = new Set();
      this.#lapseOrder.set(reservation.ttlMs, order);
    }
    order.add(bidId);
  }

  #drop(bidId: string) {
    const reservation = this.#reservations.get(bidId);
    if (!reservation) return;
    this.#reservations.delete(bidId);
    this.#lapseOrder.get(reservation.ttlMs)?.delete(bidId);
    for (const key of reservation.keys) {
      const counter = this.#counters.get(key);
      if (counter) counter.reserved -= reservation.amount;
    }
  }

  /**
   * Reservations of one time to live lapse in the order they were made (a renewed one moves to
   * the end of its new one's), so lapsed ones are dropped from the front of each on every call;
   * other keys are swept every 1,000 calls.
   */
  #sweep() {
    const now = this.#now();
    for (const order of this.#lapseOrder.values())
      for (const bidId of order) {
        if ((this.#reservations.get(bidId)?.expiresAt ?? 0) > now) break;
        this.#drop(bidId);
      }
    if (++this.#calls % 1000 !== 0) return;
    for (const [key, counter] of this.#counters)
      if (counter.expiresAt <= now && counter.reserved === 0) this.#counters.delete(key);
    for (const [key, entry] of this.#frequency) if (entry.expiresAt <= now) this.#frequency.delete(key);
  }

  async reserve(
    bidId: string,
    scopes: readonly BudgetScope[],
    amountMicros: number,
    ttlMs: number,
  ): Promise<ReserveOutcome> {
    if (!scopes.length) throw new Error('A reservation needs at least one scope.');
    this.#sweep();
    for (const scope of scopes)
      if (this.#counters.get(scope.key)?.generation !== scope.generation) return 'unknown';
    if (this.#reservations.has(bidId)) return 'refused';
    const now = this.#now();
    for (const scope of scopes) {
      const counter = this.#counters.get(scope.key) as Counter;
      if (counter.spent + counter.reserved + amountMicros > scope.limitMicros) return 'refused';
    }
    for (const scope of scopes) this.#counter(scope.key).reserved += amountMicros;
    this.#keep(bidId, {
      keys: scopes.map((s) => s.key),
      amount: amountMicros,
      expiresAt: now + ttlMs,
      ttlMs,
    });
    return 'reserved';
  }

  async adjust(bidId: string, _advertiserId: number, amountMicros: number, ttlMs: number) {
    this.#sweep();
    const reservation = this.#reservations.get(bidId);
    if (!reservation) return;
    for (const key of reservation.keys) this.#counter(key).reserved += amountMicros - reservation.amount;
    this.#lapseOrder.get(reservation.ttlMs)?.delete(bidId);
    this.#keep(bidId, { ...reservation, amount: amountMicros, expiresAt: this.#now() + ttlMs, ttlMs });
  }

  async applyFold({ foldId, advertiserId, deltas, bidIds }: FoldEffects) {
    if (!deltas.length) throw new Error('A fold is applied with at least one delta.');
    this.#sweep();
    let folds = this.#folds.get(advertiserId);
    if (!folds) {
      folds = { sequence: 0, applied: new Map() };
      this.#folds.set(advertiserId, folds);
    }
    const now = this.#now();
    // Marks are made in time order: the forgotten ones are at the front.
    for (const [id, mark] of folds.applied) {
      if (mark.expiresAt > now) break;
      folds.applied.delete(id);
    }
    if (folds.applied.has(foldId)) return;
    folds.applied.set(foldId, { number: ++folds.sequence, expiresAt: now + FOLD_MARK_TTL_MS });
    for (const bidId of bidIds ?? []) this.#drop(bidId);
    for (const { key, ttlMs, micros } of deltas) this.#counter(key, ttlMs).spent += micros;
  }

  async appliedFolds(advertiserId: number, foldIds: readonly string[]) {
    const applied = this.#folds.get(advertiserId)?.applied;
    const now = this.#now();
    return foldIds.map((id) => {
      const mark = applied?.get(id);
      return mark && mark.expiresAt > now ? mark.number : null;
    });
  }

  async release(bidId: string, _advertiserId: number) {
    this.#drop(bidId);
  }

  async totals(keys: readonly string[]): Promise<ScopeTotals[]> {
    this.#sweep();
    return keys.map((key) => {
      const counter = this.#counters.get(key);
      return { spentMicros: counter?.spent ?? 0, reservedMicros: counter?.reserved ?? 0 };
    });
  }

  async observe(keys: readonly BudgetKey[]): Promise<CounterReading[]> {
    this.#sweep();
    return keys.map(({ key, ttlMs }) => {
      const counter = this.#counter(key, ttlMs);
      counter.generation ??= `${this.#instance}.${++this.#generations}`;
      const foldSequence = this.#folds.get(advertiserOfKey(key))?.sequence ?? 0;
      return { spentMicros: counter.spent, generation: counter.generation, foldSequence };
    });
  }

  async frequency(keys: readonly string[]) {
    const now = this.#now();
    return keys.map((key) => {
      const entry = this.#frequency.get(key);
      return entry && entry.expiresAt > now ? entry.count : 0;
    });
  }

  async countImpression(key: string, expiresAtMs: number) {
    const entry = this.#frequency.get(key);
    if (entry && entry.expiresAt > this.#now()) entry.count += 1;
    else this.#frequency.set(key, { count: 1, expiresAt: expiresAtMs });
  }

  /** Memory is lost only with the process, and its counters with it. */
  onCountersLost() {}

  reachable() {
    return true;
  }

  async close() {}
}
