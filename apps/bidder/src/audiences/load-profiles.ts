import { type AppDeps, type ProfileEventsCursor, tagEventsForProfiles } from '@rtb/api/delivery';
import { PROFILE_TTL_MS } from '@rtb/rtb';
import type { ProfileStore } from './profile-store';
import { recordTagEvents, type TagEventForProfiles } from './record-tag-events';

/**
 * The feed's product types of some of an advertiser's products, by product id (the products
 * module's, wired in by the caller; products it does not know are left out).
 */
export type ProductTypeLookup = (
  advertiserId: number,
  productIds: readonly string[],
) => Promise<ReadonlyMap<string, string>>;

/** Events read per batch: memory holds one batch, whatever the number of events. */
const BATCH = 5_000;

/**
 * Rebuilds the visitors' profiles from the last 90 days of tag events (with our user id, not
 * bots'), in batches, when the store asks for it (`claimRebuild`: memory at every start, Redis
 * only when it has never been filled or `force`). The views' product types come from
 * `productTypes`, asked once per advertiser and batch. Returns the number of events read, or
 * null when no rebuild was needed. Events recorded live while it runs may be counted twice as
 * views (never as anything else: times are merged by the latest).
 */
export async function loadProfiles(options: {
  deps: AppDeps;
  store: ProfileStore;
  now: Date;
  force: boolean;
  productTypes?: ProductTypeLookup;
  batchSize?: number;
}): Promise<number | null> {
  const { deps, store, productTypes } = options;
  if (!(await store.claimRebuild(options.force))) return null;
  const since = new Date(options.now.getTime() - PROFILE_TTL_MS);
  let after: ProfileEventsCursor | null = null;
  let read = 0;
  try {
    for (;;) {
      const rows = await tagEventsForProfiles(deps.db, { since, after, limit: options.batchSize ?? BATCH });
      if (!rows.length) break;
      const types = productTypes
        ? await typesOf(rows, productTypes)
        : new Map<number, ReadonlyMap<string, string>>();
      const events: TagEventForProfiles[] = rows.map((row) => {
        const known = types.get(row.advertiserId);
        return {
          ...row,
          productTypes:
            row.type === 'viewItem' && known
              ? row.productIds.flatMap((id) => {
                  const type = known.get(id);
                  return type === undefined ? [] : [type];
                })
              : [],
        };
      });
      await recordTagEvents(store, events);
      read += rows.length;
      const last = rows[rows.length - 1] as (typeof rows)[number];
      after = { advertiserId: last.advertiserId, seq: last.seq };
    }
  } catch (error) {
    await store.finishRebuild(false);
    throw error;
  }
  await store.finishRebuild(true);
  return read;
}

/** The product types of a batch's viewed products, per advertiser (one lookup each). */
async function typesOf(
  rows: readonly { advertiserId: number; type: string; productIds: readonly string[] }[],
  lookup: ProductTypeLookup,
): Promise<Map<number, ReadonlyMap<string, string>>> {
  const viewed = new Map<number, Set<string>>();
  for (const row of rows) {
    if (row.type !== 'viewItem' || !row.productIds.length) continue;
    const ids = viewed.get(row.advertiserId) ?? new Set<string>();
    for (const id of row.productIds) ids.add(id);
    viewed.set(row.advertiserId, ids);
  }
  const types = new Map<number, ReadonlyMap<string, string>>();
  for (const [advertiserId, ids] of viewed) types.set(advertiserId, await lookup(advertiserId, [...ids]));
  return types;
}
