import type { FoldEffects } from '@rtb/delivery';
import type { BudgetKey } from '@rtb/rtb';

/**
 * The counters bids are decided on (DESIGN.md section 6, budgets and pacing): per scope (a
 * campaign's day, a campaign's life, an advertiser's funds) what was settled and what bids in
 * flight have reserved, and per user and campaign how many impressions a frequency cap has
 * counted. One process keeps them in memory (`MemoryBudgetStore`); several bidders share them in
 * Redis (`RedisBudgetStore`, atomic scripts, every key of one advertiser in one hash slot).
 * Amounts are micro-units of the advertiser's currency.
 *
 * The store is a cache, never the truth: what a key has settled only counts relative to a reading
 * of it taken before the database's figures were read (`observe`, then the database; the live
 * index works out each limit from both). A key therefore carries a generation, given when it is
 * first observed: a key that was lost (Redis restarted empty, evicted, expired) comes back without
 * it, and a reservation against a limit worked out for another generation is refused as unknown
 * until the limit is worked out again.
 *
 * A reservation belongs to one advertiser: every key of one call is that advertiser's
 * (budget-keys.ts of packages/rtb), so a call that names no key names the advertiser instead.
 */
export interface BudgetScope {
  key: string;
  /** Settled plus reserved may not go above this. */
  limitMicros: number;
  /** The generation of the key the limit was worked out against (`observe`). */
  generation: string;
}

export interface ScopeTotals {
  spentMicros: number;
  reservedMicros: number;
}

/** What a key has settled, and the generation it has (given now if it had none). */
export interface CounterReading {
  spentMicros: number;
  generation: string;
  /** The number of the last fold its advertiser's counters have (`applyFold`), read with it. */
  foldSequence: number;
}

/**
 * How long the store remembers that it applied a fold: far longer than a fold's effects wait in
 * the database (deleted once applied; another process applies those left after the grace).
 */
export const FOLD_MARK_TTL_MS = 600_000;

/** `reserved`; `refused` (a limit would be passed, or the bid id holds one); `unknown` (a key's generation is not the scope's). */
export type ReserveOutcome = 'reserved' | 'refused' | 'unknown';

export interface BudgetStore {
  /**
   * Reserves `amountMicros` for the bid under every scope, all or nothing: only if each key has
   * the scope's generation and for each one settled + reserved + amount stays within its limit.
   * The reservation lapses after `ttlMs`. A bid id already reserved (and not lapsed) is refused.
   * At least one scope is required.
   */
  reserve(
    bidId: string,
    scopes: readonly BudgetScope[],
    amountMicros: number,
    ttlMs: number,
  ): Promise<ReserveOutcome>;
  /** A win notice: the bid's reservation becomes its actual cost and lives `ttlMs` longer. Unknown bids are ignored. */
  adjust(bidId: string, advertiserId: number, amountMicros: number, ttlMs: number): Promise<void>;
  /**
   * A fold's billed impressions under one advertiser (`FoldEffects`, recorded once by the
   * database): each delta is added to what its key has settled (a key made here gets its time to
   * live) and the bids' reservations, if still there, are dropped. Once per fold, however often it
   * is called within `FOLD_MARK_TTL_MS`: the fold takes the next number of the advertiser's
   * sequence. At least one delta is required.
   */
  applyFold(effects: FoldEffects): Promise<void>;
  /** The numbers these folds of the advertiser took (`applyFold`); null for one not applied or forgotten. */
  appliedFolds(advertiserId: number, foldIds: readonly string[]): Promise<(number | null)[]>;
  /** A loss notice: the bid's reservation is dropped. */
  release(bidId: string, advertiserId: number): Promise<void>;
  /** What each key has settled and what reservations not yet lapsed hold under it. */
  totals(keys: readonly string[]): Promise<ScopeTotals[]>;
  /**
   * What each key has settled and its generation, and the last fold its advertiser's counters
   * have; a key without a generation (new, or lost and made again by a fold) is given one now,
   * and its time to live if it has none.
   */
  observe(keys: readonly BudgetKey[]): Promise<CounterReading[]>;
  /** Impressions counted under frequency-cap keys (`frequencyKey` of packages/rtb). */
  frequency(keys: readonly string[]): Promise<number[]>;
  /** Counts one impression under a frequency-cap key, kept until `expiresAtMs` (Unix ms). */
  countImpression(key: string, expiresAtMs: number): Promise<void>;
  /**
   * Calls `listener` whenever the counters may have changed behind this process's back: the
   * connection to a shared store came back (the server may have restarted empty). Every limit
   * must then be worked out again before a bid.
   */
  onCountersLost(listener: () => void): void;
  /** Whether the store answers now (a shared store's connection is up). */
  reachable(): boolean;
  close(): Promise<void>;
}
