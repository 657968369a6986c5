import { advertiserSpendKey } from '@rtb/rtb';
import type { Cluster, Redis } from 'ioredis';
import type { BudgetScope, BudgetStore, ScopeTotals } from './budget-store';

/*
 * The counters in Redis, shared by every bidder process. Per scope key K (prefixed):
 *   K    hash {s: spent, r: what live reservations hold}
 *   K:z  sorted set: bid id -> when its reservation lapses (Unix ms)
 *   K:a  hash: bid id -> its reserved amount
 * and per reservation `<prefix>r:<hash tag>:<bid id>`, hash {a: amount, e: lapses at, k: its scope
 * keys}. Each script first drops the lapsed reservations of its keys (ZRANGEBYSCORE -inf now),
 * so a lapse needs no timer; K:z and K:a therefore live as long as K, never just until their
 * last reservation lapses. Every key of one advertiser carries its hash tag (`{a12}`), so one
 * script touches one Cluster slot; the reservation's own keys, read from its record, are in it
 * too. Amounts travel as the decimal text they came in: Lua numbers would print large ones in
 * exponent notation.
 */

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
`;

/** KEYS: record, scope keys. ARGV: now, amount, lapses at, bid id, one limit per scope key. */
const RESERVE = `${DROP_LAPSED}
local now, amount, lapses, bid = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
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

/** KEYS: record, scope keys. ARGV: now, cost, bid id. */
const SETTLE = `${DROP_LAPSED}
dropReservation(KEYS[1], ARGV[3])
for i = 2, #KEYS do
  dropLapsed(KEYS[i], ARGV[1])
  redis.call('HINCRBY', KEYS[i], 's', ARGV[2])
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

/** KEYS: one scope key. ARGV: spent, ttl ms or ''. */
const SEED = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 's', ARGV[1])
if ARGV[2] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1
`;

/** KEYS: frequency key. ARGV: expires at (Unix ms). A count keeps the expiry it started with. */
const COUNT_IMPRESSION = `
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIREAT', KEYS[1], ARGV[1]) end
return 1
`;

type Script = (...args: (string | number)[]) => Promise<unknown>;
type Scripted = Record<
  | 'budgetReserve'
  | 'budgetAdjust'
  | 'budgetSettle'
  | 'budgetRelease'
  | 'budgetTotals'
  | 'budgetSeed'
  | 'budgetCountImpression',
  Script
>;

/** The `{…}` of a key, the part Redis Cluster hashes: every key of one advertiser shares it. */
function hashTagOf(key: string): string {
  const open = key.indexOf('{');
  const close = key.indexOf('}', open + 1);
  if (open < 0 || close <= open + 1) throw new Error(`The budget key ${key} has no hash tag.`);
  return key.slice(open, close + 1);
}

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
  readonly #scripts: Scripted;
  readonly #prefix: string;
  readonly #now: () => number;

  constructor(options: { redis: Redis | Cluster; prefix: string; now?: () => number }) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
    this.#now = options.now ?? Date.now;
    const scripts: [keyof Scripted, string, number?][] = [
      ['budgetReserve', RESERVE],
      ['budgetAdjust', ADJUST, 1],
      ['budgetSettle', SETTLE],
      ['budgetRelease', RELEASE, 1],
      ['budgetTotals', TOTALS, 1],
      ['budgetSeed', SEED, 1],
      ['budgetCountImpression', COUNT_IMPRESSION, 1],
    ];
    for (const [name, lua, numberOfKeys] of scripts)
      this.#redis.defineCommand(name, numberOfKeys === undefined ? { lua } : { lua, numberOfKeys });
    this.#scripts = this.#redis as unknown as Scripted;
  }

  #recordKey(tag: string, bidId: string) {
    return `${this.#prefix}r:${tag}:${bidId}`;
  }

  #key(key: string) {
    return this.#prefix + key;
  }

  async reserve(bidId: string, scopes: readonly BudgetScope[], amountMicros: number, ttlMs: number) {
    const first = scopes[0];
    if (!first) throw new Error('A reservation needs at least one scope.');
    const now = this.#now();
    const reserved = await this.#scripts.budgetReserve(
      scopes.length + 1,
      this.#recordKey(hashTagOf(first.key), bidId),
      ...scopes.map((scope) => this.#key(scope.key)),
      now,
      integer(amountMicros, 'An amount'),
      integer(now + ttlMs, 'A lapse time'),
      bidId,
      ...scopes.map((scope) => integer(scope.limitMicros, 'A limit')),
    );
    return reserved === 1;
  }

  async adjust(bidId: string, advertiserId: number, amountMicros: number, ttlMs: number) {
    const now = this.#now();
    await this.#scripts.budgetAdjust(
      this.#recordKey(hashTagOf(advertiserSpendKey(advertiserId)), bidId),
      now,
      integer(amountMicros, 'An amount'),
      integer(now + ttlMs, 'A lapse time'),
      bidId,
    );
  }

  async settle(bidId: string, scopeKeys: readonly string[], costMicros: number) {
    const first = scopeKeys[0];
    if (first === undefined) throw new Error('Spend is settled under at least one key.');
    await this.#scripts.budgetSettle(
      scopeKeys.length + 1,
      this.#recordKey(hashTagOf(first), bidId),
      ...scopeKeys.map((key) => this.#key(key)),
      this.#now(),
      integer(costMicros, 'A cost'),
      bidId,
    );
  }

  async release(bidId: string, advertiserId: number) {
    await this.#scripts.budgetRelease(
      this.#recordKey(hashTagOf(advertiserSpendKey(advertiserId)), bidId),
      bidId,
    );
  }

  /** One script per key: keys of several advertisers live in several Cluster slots. */
  async totals(keys: readonly string[]): Promise<ScopeTotals[]> {
    const now = this.#now();
    return Promise.all(
      keys.map(async (key) => {
        const [spent, reserved] = (await this.#scripts.budgetTotals(this.#key(key), now)) as [string, string];
        return { spentMicros: Number(spent), reservedMicros: Number(reserved) };
      }),
    );
  }

  async seed(key: string, spentMicros: number, ttlMs?: number) {
    await this.#scripts.budgetSeed(
      this.#key(key),
      integer(spentMicros, 'Spend'),
      ttlMs === undefined ? '' : integer(ttlMs, 'A time to live'),
    );
  }

  async frequency(keys: readonly string[]) {
    return Promise.all(keys.map(async (key) => Number((await this.#redis.get(this.#key(key))) ?? 0)));
  }

  async countImpression(key: string, expiresAtMs: number) {
    await this.#scripts.budgetCountImpression(this.#key(key), integer(expiresAtMs, 'An expiry'));
  }

  async close() {
    await this.#redis.quit();
  }
}
