/**
 * The counters bids are decided on (DESIGN.md section 6, budgets and pacing): per scope (a
 * campaign's day, a campaign's life, an advertiser's funds) what was spent and what bids in
 * flight have reserved, and per user and campaign how many impressions a frequency cap has
 * counted. One process keeps them in memory (`MemoryBudgetStore`); several bidders share them in
 * Redis (`RedisBudgetStore`, atomic scripts, every key of one advertiser in one hash slot).
 * Amounts are micro-units of the advertiser's currency.
 *
 * A reservation belongs to one advertiser: every key of one call is that advertiser's
 * (budget-keys.ts of packages/rtb), so a call that names no key names the advertiser instead.
 */
export interface BudgetScope {
  key: string;
  /** Spent plus reserved may not go above this. */
  limitMicros: number;
}

export interface ScopeTotals {
  spentMicros: number;
  reservedMicros: number;
}

export interface BudgetStore {
  /**
   * Reserves `amountMicros` for the bid under every scope, all or nothing: only if for each one
   * spent + reserved + amount stays within its limit. The reservation lapses after `ttlMs`.
   * A bid id already reserved (and not lapsed) is refused. At least one scope is required.
   */
  reserve(
    bidId: string,
    scopes: readonly BudgetScope[],
    amountMicros: number,
    ttlMs: number,
  ): Promise<boolean>;
  /** A win notice: the bid's reservation becomes its actual cost and lives `ttlMs` longer. Unknown bids are ignored. */
  adjust(bidId: string, advertiserId: number, amountMicros: number, ttlMs: number): Promise<void>;
  /**
   * A billed impression (recorded once, by the database): `costMicros` is added to what each
   * scope key has spent and the bid's reservation, if it is still there, is dropped. Each call
   * counts (the database makes sure an impression is settled once). At least one key is required.
   */
  settle(bidId: string, scopeKeys: readonly string[], costMicros: number): Promise<void>;
  /** A loss notice: the bid's reservation is dropped. */
  release(bidId: string, advertiserId: number): Promise<void>;
  /** What each key has spent and what reservations not yet lapsed hold under it. */
  totals(keys: readonly string[]): Promise<ScopeTotals[]>;
  /**
   * Sets what a key has spent, as the database knows it, unless the store knows the key already
   * (another process seeded it, or spend was settled since). `ttlMs` bounds a key of one day.
   */
  seed(key: string, spentMicros: number, ttlMs?: number): Promise<void>;
  /** Impressions counted under frequency-cap keys (`frequencyKey` of packages/rtb). */
  frequency(keys: readonly string[]): Promise<number[]>;
  /** Counts one impression under a frequency-cap key, kept until `expiresAtMs` (Unix ms). */
  countImpression(key: string, expiresAtMs: number): Promise<void>;
  close(): Promise<void>;
}
