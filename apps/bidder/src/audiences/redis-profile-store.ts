import { PROFILE_LIMITS, PROFILE_TTL_MS } from '@rtb/rtb';
import type { Cluster, Redis, Result } from 'ioredis';
import { decodeProfile, encodeProfile } from './profile-codec';
import type { ProfileStore, ProfileUpdate, UserProfiles } from './profile-store';

/*
 * The profiles in Redis, shared by every bidder process: one hash per visitor,
 * `<prefix>p:{u<user id>}` (the hash tag of the visitor's frequency counters, so both sit in one
 * Cluster slot), a field per advertiser holding the profile (profile-codec.ts), kept
 * PROFILE_TTL_MS after the last update. A merge is one script per visitor, so bidders recording
 * the same visitor at once both count. The script is `mergeProfiles` in Lua: the later of each
 * time, lists merged by key (views added up), most recent first (equal times by key, compared as
 * Redis's Lua compares strings: byte order in the C locale), cut to the same bounds.
 */

const MERGE = `
local function merged(old, new, limit, counted)
  local byKey, items = {}, {}
  for _, list in ipairs({old, new}) do
    for _, item in ipairs(list) do
      local found = byKey[item[1]]
      if found then
        if item[2] > found[2] then found[2] = item[2] end
        if counted then found[3] = found[3] + item[3] end
      else
        found = {item[1], item[2], item[3]}
        byKey[item[1]] = found
        items[#items + 1] = found
      end
    end
  end
  table.sort(items, function(a, b)
    if a[2] ~= b[2] then return a[2] > b[2] end
    return a[1] < b[1]
  end)
  local parts = {}
  for i = 1, math.min(limit, #items) do
    local item = items[i]
    local part = '[' .. cjson.encode(item[1]) .. ',' .. string.format('%.0f', item[2])
    if counted then part = part .. ',' .. string.format('%.0f', item[3]) end
    parts[i] = part .. ']'
  end
  return '[' .. table.concat(parts, ',') .. ']'
end
for i = 2, #ARGV, 2 do
  local new = cjson.decode(ARGV[i + 1])
  local stored = redis.call('HGET', KEYS[1], ARGV[i])
  local old = stored and cjson.decode(stored) or {e = 0, v = 0, c = 0, t = 0, pt = {}, p = {}}
  redis.call('HSET', KEYS[1], ARGV[i], string.format(
    '{"e":%.0f,"v":%.0f,"c":%.0f,"t":%.0f,"pt":%s,"p":%s}',
    math.max(old.e, new.e), math.max(old.v, new.v), math.max(old.c, new.c), math.max(old.t, new.t),
    merged(old.pt, new.pt, ${PROFILE_LIMITS.productTypes}, false),
    merged(old.p, new.p, ${PROFILE_LIMITS.products}, true)))
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;

/** KEYS: done mark, lock. ARGV: force ('1' or '0'), lock ttl ms. */
const CLAIM = `
if ARGV[1] ~= '1' and redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if not redis.call('SET', KEYS[2], '1', 'NX', 'PX', ARGV[2]) then return 0 end
redis.call('DEL', KEYS[1])
return 1
`;

/** KEYS: done mark, lock. ARGV: completed ('1' or '0'), now. */
const FINISH = `
if ARGV[1] == '1' then redis.call('SET', KEYS[1], ARGV[2]) end
redis.call('DEL', KEYS[2])
return 1
`;

/** How long a rebuild holds its claim: a bidder that dies meanwhile lets another try after this. */
const REBUILD_LOCK_MS = 30 * 60_000;

// ioredis types a defined command by declaring it on its clients (the typing its docs show); the
// store calls these only on the client whose constructor defined them (`defineCommand`).
declare module 'ioredis' {
  interface RedisCommander<Context> {
    profileMerge(...args: (string | number)[]): Result<unknown, Context>;
    profileClaim(...args: (string | number)[]): Result<unknown, Context>;
    profileFinish(...args: (string | number)[]): Result<unknown, Context>;
  }
}

export class RedisProfileStore implements ProfileStore {
  readonly #redis: Redis | Cluster;
  readonly #prefix: string;
  readonly #now: () => number;

  constructor(options: { redis: Redis | Cluster; prefix: string; now?: () => number }) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
    this.#now = options.now ?? Date.now;
    this.#redis.defineCommand('profileMerge', { lua: MERGE, numberOfKeys: 1 });
    this.#redis.defineCommand('profileClaim', { lua: CLAIM, numberOfKeys: 2 });
    this.#redis.defineCommand('profileFinish', { lua: FINISH, numberOfKeys: 2 });
  }

  #key(userId: string) {
    return `${this.#prefix}p:{u${userId}}`;
  }

  #rebuildKeys() {
    return [`${this.#prefix}{profiles}:rebuilt`, `${this.#prefix}{profiles}:rebuilding`];
  }

  async merge(updates: readonly ProfileUpdate[]): Promise<void> {
    const byUser = new Map<string, (string | number)[]>();
    for (const { userId, advertiserId, profile } of updates) {
      const args = byUser.get(userId) ?? [];
      args.push(String(advertiserId), encodeProfile(profile));
      byUser.set(userId, args);
    }
    await Promise.all(
      [...byUser].map(([userId, args]) =>
        this.#redis.profileMerge(this.#key(userId), PROFILE_TTL_MS, ...args),
      ),
    );
  }

  async profilesOf(userId: string): Promise<UserProfiles> {
    const fields = await this.#redis.hgetall(this.#key(userId));
    const decoded = new Map<number, ReturnType<typeof decodeProfile>>();
    return {
      advertisers: Object.keys(fields).map(Number),
      get(advertiserId) {
        let profile = decoded.get(advertiserId);
        if (profile === undefined) {
          const text = fields[String(advertiserId)];
          profile = text === undefined ? null : decodeProfile(text);
          decoded.set(advertiserId, profile);
        }
        return profile;
      },
    };
  }

  async claimRebuild(force: boolean): Promise<boolean> {
    return (await this.#redis.profileClaim(...this.#rebuildKeys(), force ? '1' : '0', REBUILD_LOCK_MS)) === 1;
  }

  async finishRebuild(completed: boolean): Promise<void> {
    await this.#redis.profileFinish(...this.#rebuildKeys(), completed ? '1' : '0', this.#now());
  }

  async close(): Promise<void> {
    await this.#redis.quit();
  }
}
