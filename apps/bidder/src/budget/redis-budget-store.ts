import { randomBytes } from 'node:crypto';
import type { FoldEffects } from '@rtb/delivery';
import {
  advertiserFoldKey,
  advertiserFoldSequenceKey,
  advertiserOfKey,
  advertiserSpendKey,
  type BudgetKey,
} from '@rtb/rtb';
import type { Cluster, Redis, Result } from 'ioredis';
import {
  type BudgetScope,
  type BudgetStore,
  type CounterReading,
  FOLD_MARK_TTL_MS,
  type ReserveOutcome,
  type ScopeTotals,
} from './budget-store';

/*
 * The counters in Redis, shared by every bidder process. Per scope key K (prefixed):
 *   K    hash {s: settled, r: what live reservations hold, g: its generation}
 *   K:z  sorted set: bid id -> when its reservation lapses (Unix ms)
 *   K:a  hash: bid id -> its reserved amount
 * and per reservation `<prefix>r:<hash tag>:<bid id>`, hash {a: amount, e: lapses at, k: its scope
 * keys}; per fold its counters have `advertiserFoldKey` (its number, kept `FOLD_MARK_TTL_MS`) and per
 * advertiser the last number (`advertiserFoldSequenceKey`, kept a week after its last fold). Each script first drops the lapsed reservations of its keys (ZRANGEBYSCORE -inf now),
 * so a lapse needs no timer; K:z and K:a therefore live as long as K, never just until their
 * last reservation lapses. Every key of one advertiser carries its hash tag (`{a12}`), so one
 * script touches one Cluster slot; the reservation's own keys, read from its record, are in it
 * too. Amounts travel as the decimal text they came in: Lua numbers would print large ones in
 * exponent notation. `g` is given by the first observation of K (budget-store.ts): a K made
 * again after it was lost has none, or another, so no limit worked out before can pass on it.
 */

/** An advertiser's fold sequence outlives its last fold by a week. */
const FOLD_SEQUENCE_TTL_MS = 7 * 86_400_000;

const DROP_LAPSED = `
local function dropLapsed(key, now)
  local lapsed = redis.call('ZRANGEBYSCORE', key .. ':z', '-inf', now)
  for _, bid in ipairs(lapsed) do
    local amount = redis.call('HGET', key .. ':a', bid)
    if amount then
      redis.call('HINCRBY', key, 'r', '-' .. amount)
      redis.call('HDEL', key .. ':a', bid)
    end
  end
  if #lapsed > 0 then redis.call('ZREMRANGEBYSCORE', key .. ':z', '-inf', now) end
end
-- The reservation's record and its part of each scope key go; true when there was one.
local function dropReservation(record, bid)
  local keys = redis.call('HGET', record, 'k')
  if not keys then return false end
  for key in string.gmatch(keys, '[^\\n]+') do
    local amount = redis.call('HGET', key .. ':a', bid)
    if amount then
      redis.call('HINCRBY', key, 'r', '-' .. amount)
      redis.call('HDEL', key .. ':a', bid)
      redis.call('ZREM', key .. ':z', bid)
    end
  end
  redis.call('DEL', record)
  return true
end
-- A scope key's reservation sets live as long as the key: were they to expire when their
-- reservations lapse, the amounts the key's counter holds for them could never be taken off.
local function keepWithKey(key)
  local ttl = redis.call('PTTL', key)
  if ttl > 0 then
    redis.call('PEXPIRE', key .. ':z', ttl)
    redis.call('PEXPIRE', key .. ':a', ttl)
  end
end
-- A key made without a time to live (a settlement, a first observation) gets the one it should have.
local function keepFor(key, ttl)
  if ttl ~= '' and redis.call('PTTL', key) == -1 then
    redis.call('PEXPIRE', key, ttl)
    keepWithKey(key)
  end
end
`;

/**
 * KEYS: record, scope keys. ARGV: now, amount, lapses at, bid id, one limit per scope key, then
 * one generation per scope key. Returns 1 (reserved), 0 (refused) or -1 (a generation differs).
 */
const RESERVE = `${DROP_LAPSED}
local now, amount, lapses, bid = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local scopes = #KEYS - 1
for i = 2, #KEYS do
  if redis.call('HGET', KEYS[i], 'g') ~= ARGV[3 + scopes + i] then return -1 end
end
for i = 2, #KEYS do dropLapsed(KEYS[i], now) end
local alive = redis.call('HGET', KEYS[1], 'e')
if alive and tonumber(alive) > tonumber(now) then return 0 end
for i = 2, #KEYS do
  local counter = redis.call('HMGET', KEYS[i], 's', 'r')
  local used = (tonumber(counter[1]) or 0) + (tonumber(counter[2]) or 0)
  if used + tonumber(amount) > tonumber(ARGV[3 + i]) then return 0 end
end
dropReservation(KEYS[1], bid)
local keys = {}
for i = 2, #KEYS do
  redis.call('HINCRBY', KEYS[i], 'r', amount)
  redis.call('ZADD', KEYS[i] .. ':z', lapses, bid)
  redis.call('HSET', KEYS[i] .. ':a', bid, amount)
  keepWithKey(KEYS[i])
  keys[#keys + 1] = KEYS[i]
end
redis.call('HSET', KEYS[1], 'a', amount, 'e', lapses, 'k', table.concat(keys, '\\n'))
redis.call('PEXPIREAT', KEYS[1], lapses)
return 1
`;

/** KEYS: record. ARGV: now, new amount, lapses at, bid id. */
const ADJUST = `${DROP_LAPSED}
local now, amount, lapses, bid = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local record = redis.call('HMGET', KEYS[1], 'e', 'k')
if not record[1] or tonumber(record[1]) <= tonumber(now) then return 0 end
for key in string.gmatch(record[2], '[^\\n]+') do
  dropLapsed(key, now)
  local old = redis.call('HGET', key .. ':a', bid)
  if old then redis.call('HINCRBY', key, 'r', '-' .. old) end
  redis.call('HINCRBY', key, 'r', amount)
  redis.call('HSET', key .. ':a', bid, amount)
  redis.call('ZADD', key .. ':z', lapses, bid)
  keepWithKey(key)
end
redis.call('HSET', KEYS[1], 'a', amount, 'e', lapses)
redis.call('PEXPIREAT', KEYS[1], lapses)
return 1
`;

/**
 * KEYS: the fold's mark, fold sequence, one scope key per delta, one record per bid. ARGV: now,
 * deltas, then the deltas' amounts, their times to live ('' for none), the bid ids. Returns 1, or
 * 0 when the fold was applied before (its mark is there).
 */
const APPLY_FOLD = `${DROP_LAPSED}
local now, deltas = ARGV[1], tonumber(ARGV[2])
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local sequence = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], sequence, 'PX', ${FOLD_MARK_TTL_MS})
redis.call('PEXPIRE', KEYS[2], ${FOLD_SEQUENCE_TTL_MS})
for i = 1, #KEYS - 2 - deltas do dropReservation(KEYS[2 + deltas + i], ARGV[2 + 2 * deltas + i]) end
for i = 1, deltas do
  local key = KEYS[2 + i]
  dropLapsed(key, now)
  redis.call('HINCRBY', key, 's', ARGV[2 + i])
  keepFor(key, ARGV[2 + deltas + i])
end
return 1
`;

/** KEYS: record. ARGV: bid id. */
const RELEASE = `${DROP_LAPSED}
dropReservation(KEYS[1], ARGV[1])
return 1
`;

/** KEYS: one scope key. ARGV: now. Returns spent and reserved. */
const TOTALS = `${DROP_LAPSED}
dropLapsed(KEYS[1], ARGV[1])
local counter = redis.call('HMGET', KEYS[1], 's', 'r')
return {counter[1] or '0', counter[2] or '0'}
`;

/**
 * KEYS: scope keys (one advertiser's), then its fold sequence. ARGV: a new generation, then one
 * time to live per scope key ('' for none). Returns settled and generation of each key, in turn,
 * then the fold sequence's last number; a key without a generation takes the new one.
 */
const OBSERVE = `${DROP_LAPSED}
local readings = {}
for i = 1, #KEYS - 1 do
  local generation = redis.call('HGET', KEYS[i], 'g')
  if not generation then
    generation = ARGV[1]
    redis.call('HSET', KEYS[i], 'g', generation)
  end
  keepFor(KEYS[i], ARGV[1 + i])
  readings[#readings + 1] = redis.call('HGET', KEYS[i], 's') or '0'
  readings[#readings + 1] = generation
end
readings[#readings + 1] = redis.call('GET', KEYS[#KEYS]) or '0'
return readings
`;

/** KEYS: frequency key. ARGV: expires at (Unix ms). A count keeps the expiry it started with. */
const COUNT_IMPRESSION = `
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIREAT', KEYS[1], ARGV[1]) end
return 1
`;

/** The scripts, as the store's constructor defines them on its client (`defineCommand`). */
type BudgetScript =
  | 'budgetReserve'
  | 'budgetAdjust'
  | 'budgetApplyFold'
  | 'budgetRelease'
  | 'budgetTotals'
  | 'budgetObserve'
  | 'budgetCountImpression';

// ioredis types a defined command by declaring it on its clients (the typing its docs show); the
// store calls these only on the client whose constructor defined them.
declare module 'ioredis' {
  interface RedisCommander<Context> {
    budgetReserve(...args: (string | number)[]): Result<unknown, Context>;
    budgetAdjust(...args: (string | number)[]): Result<unknown, Context>;
    budgetApplyFold(...args: (string | number)[]): Result<unknown, Context>;
    budgetRelease(...args: (string | number)[]): Result<unknown, Context>;
    budgetTotals(...args: (string | number)[]): Result<unknown, Context>;
    budgetObserve(...args: (string | number)[]): Result<unknown, Context>;
    budgetCountImpression(...args: (string | number)[]): Result<unknown, Context>;
  }
}

/** The `{…}` of a key, the part Redis Cluster hashes: every key of one advertiser shares it. */
function hashTagOf(key: string): string {
  const open = key.indexOf('{');
  const close = key.indexOf('}', open + 1);
  if (open < 0 || close <= open + 1) throw new Error(`The budget key ${key} has no hash tag.`);
  return key.slice(open, close + 1);
}

/** A key's time to live as the scripts take it: '' for none. */
const ttlArgument = ({ ttlMs }: BudgetKey) => (ttlMs === undefined ? '' : integer(ttlMs, 'A time to live'));

/** A whole number of micro-units or milliseconds, as the scripts take it. */
function integer(value: number, what: string): string {
  if (!Number.isSafeInteger(value)) throw new Error(`${what} must be a whole number, not ${value}.`);
  return String(value);
}

/**
 * The budget counters of several bidder processes, in Redis or a Redis Cluster (ioredis). Each
 * operation is one atomic script; every key is prefixed by `prefix`. The store owns the client:
 * `close` quits it.
 */
export class RedisBudgetStore implements BudgetStore {
  readonly #redis: Redis | Cluster;
  readonly #prefix: string;
  readonly #now: () => number;
  readonly #lost = new Set<() => void>();

  constructor(options: { redis: Redis | Cluster; prefix: string; now?: () => number }) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
    this.#now = options.now ?? Date.now;
    // The first connection is the start; any later one may find a server that restarted empty.
    let connected = this.#redis.status === 'ready';
    this.#redis.on('ready', () => {
      if (connected) for (const listener of this.#lost) listener();
      connected = true;
    });
    const scripts: [BudgetScript, string, number?][] = [
      ['budgetReserve', RESERVE],
      ['budgetAdjust', ADJUST, 1],
      ['budgetApplyFold', APPLY_FOLD],
      ['budgetRelease', RELEASE, 1],
      ['budgetTotals', TOTALS, 1],
      ['budgetObserve', OBSERVE],
      ['budgetCountImpression', COUNT_IMPRESSION, 1],
    ];
    for (const [name, lua, numberOfKeys] of scripts)
      this.#redis.defineCommand(name, numberOfKeys === undefined ? { lua } : { lua, numberOfKeys });
  }

  #recordKey(tag: string, bidId: string) {
    return `${this.#prefix}r:${tag}:${bidId}`;
  }

  #key(key: string) {
    return this.#prefix + key;
  }

  async reserve(
    bidId: string,
    scopes: readonly BudgetScope[],
    amountMicros: number,
    ttlMs: number,
  ): Promise<ReserveOutcome> {
    const first = scopes[0];
    if (!first) throw new Error('A reservation needs at least one scope.');
    const now = this.#now();
    const outcome = await this.#redis.budgetReserve(
      scopes.length + 1,
      this.#recordKey(hashTagOf(first.key), bidId),
      ...scopes.map((scope) => this.#key(scope.key)),
      now,
      integer(amountMicros, 'An amount'),
      integer(now + ttlMs, 'A lapse time'),
      bidId,
      ...scopes.map((scope) => integer(scope.limitMicros, 'A limit')),
      ...scopes.map((scope) => scope.generation),
    );
    return outcome === 1 ? 'reserved' : outcome === 0 ? 'refused' : 'unknown';
  }

  async adjust(bidId: string, advertiserId: number, amountMicros: number, ttlMs: number) {
    const now = this.#now();
    await this.#redis.budgetAdjust(
      this.#recordKey(hashTagOf(advertiserSpendKey(advertiserId)), bidId),
      now,
      integer(amountMicros, 'An amount'),
      integer(now + ttlMs, 'A lapse time'),
      bidId,
    );
  }

  async applyFold({ foldId, advertiserId, deltas, bidIds = [] }: FoldEffects) {
    if (!deltas.length) throw new Error('A fold is applied with at least one delta.');
    const tag = hashTagOf(advertiserSpendKey(advertiserId));
    await this.#redis.budgetApplyFold(
      2 + deltas.length + bidIds.length,
      this.#key(advertiserFoldKey(advertiserId, foldId)),
      this.#key(advertiserFoldSequenceKey(advertiserId)),
      ...deltas.map(({ key }) => this.#key(key)),
      ...bidIds.map((bidId) => this.#recordKey(tag, bidId)),
      this.#now(),
      deltas.length,
      ...deltas.map(({ micros }) => integer(micros, 'A cost')),
      ...deltas.map(ttlArgument),
      ...bidIds,
    );
  }

  async appliedFolds(advertiserId: number, foldIds: readonly string[]) {
    if (!foldIds.length) return [];
    // One advertiser's marks share its Cluster slot: one MGET.
    const marks = await this.#redis.mget(
      ...foldIds.map((id) => this.#key(advertiserFoldKey(advertiserId, id))),
    );
    return marks.map((mark) => (mark === null ? null : Number(mark)));
  }

  async release(bidId: string, advertiserId: number) {
    await this.#redis.budgetRelease(
      this.#recordKey(hashTagOf(advertiserSpendKey(advertiserId)), bidId),
      bidId,
    );
  }

  /** One script per key: keys of several advertisers live in several Cluster slots. */
  async totals(keys: readonly string[]): Promise<ScopeTotals[]> {
    const now = this.#now();
    return Promise.all(
      keys.map(async (key) => {
        const [spent, reserved] = (await this.#redis.budgetTotals(this.#key(key), now)) as [string, string];
        return { spentMicros: Number(spent), reservedMicros: Number(reserved) };
      }),
    );
  }

  /** One script per advertiser (its keys share a Cluster slot), all at once. */
  async observe(keys: readonly BudgetKey[]): Promise<CounterReading[]> {
    const byTag = new Map<string, number[]>();
    keys.forEach(({ key }, i) => {
      const tag = hashTagOf(key);
      byTag.set(tag, [...(byTag.get(tag) ?? []), i]);
    });
    const readings: CounterReading[] = new Array(keys.length);
    await Promise.all(
      [...byTag.values()].map(async (indexes) => {
        const of = indexes.map((i) => keys[i] as BudgetKey);
        const advertiserId = advertiserOfKey((of[0] as BudgetKey).key);
        const flat = (await this.#redis.budgetObserve(
          of.length + 1,
          ...of.map(({ key }) => this.#key(key)),
          this.#key(advertiserFoldSequenceKey(advertiserId)),
          randomBytes(9).toString('base64url'),
          ...of.map(ttlArgument),
        )) as string[];
        const foldSequence = Number(flat[2 * of.length]);
        indexes.forEach((index, i) => {
          readings[index] = {
            spentMicros: Number(flat[2 * i]),
            generation: String(flat[2 * i + 1]),
            foldSequence,
          };
        });
      }),
    );
    return readings;
  }

  async frequency(keys: readonly string[]) {
    return Promise.all(keys.map(async (key) => Number((await this.#redis.get(this.#key(key))) ?? 0)));
  }

  async countImpression(key: string, expiresAtMs: number) {
    await this.#redis.budgetCountImpression(this.#key(key), integer(expiresAtMs, 'An expiry'));
  }

  onCountersLost(listener: () => void) {
    this.#lost.add(listener);
  }

  reachable() {
    return this.#redis.status === 'ready';
  }

  async close() {
    await this.#redis.quit();
  }
}
