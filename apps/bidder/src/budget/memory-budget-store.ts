import type { BudgetScope, BudgetStore, ScopeTotals } from './budget-store';

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
  readonly #now: () => number;
  #calls = 0;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  #counter(key: string): Counter {
    let counter = this.#counters.get(key);
    if (!counter) {
      counter = { spent: 0, reserved: 0, expiresAt: Number.POSITIVE_INFINITY };
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

  async reserve(bidId: string, scopes: readonly BudgetScope[], amountMicros: number, ttlMs: number) {
    if (!scopes.length) throw new Error('A reservation needs at least one scope.');
    this.#sweep();
    if (this.#reservations.has(bidId)) return false;
    const now = this.#now();
    for (const scope of scopes) {
      const counter = this.#counters.get(scope.key);
      const used = (counter?.spent ?? 0) + (counter?.reserved ?? 0);
      if (used + amountMicros > scope.limitMicros) return false;
    }
    for (const scope of scopes) this.#counter(scope.key).reserved += amountMicros;
    this.#keep(bidId, {
      keys: scopes.map((s) => s.key),
      amount: amountMicros,
      expiresAt: now + ttlMs,
      ttlMs,
    });
    return true;
  }

  async adjust(bidId: string, _advertiserId: number, amountMicros: number, ttlMs: number) {
    this.#sweep();
    const reservation = this.#reservations.get(bidId);
    if (!reservation) return;
    for (const key of reservation.keys) this.#counter(key).reserved += amountMicros - reservation.amount;
    this.#lapseOrder.get(reservation.ttlMs)?.delete(bidId);
    this.#keep(bidId, { ...reservation, amount: amountMicros, expiresAt: this.#now() + ttlMs, ttlMs });
  }

  async settle(bidId: string, scopeKeys: readonly string[], costMicros: number) {
    if (!scopeKeys.length) throw new Error('Spend is settled under at least one key.');
    this.#sweep();
    this.#drop(bidId);
    for (const key of scopeKeys) this.#counter(key).spent += costMicros;
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

  async seed(key: string, spentMicros: number, ttlMs?: number) {
    if (this.#counters.has(key)) return;
    this.#counters.set(key, {
      spent: spentMicros,
      reserved: 0,
      expiresAt: ttlMs === undefined ? Number.POSITIVE_INFINITY : this.#now() + ttlMs,
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

  async close() {}
}
