import type { DeliveryDeps } from '@rtb/delivery';
import { type ProfileEventRow, type ProfileEventsCursor, tagEventsForProfiles } from '@rtb/delivery';
import { PROFILE_TTL_MS } from '@rtb/rtb';
import { applyTagEvents } from './apply-tag-events';
import type { ProfileStore } from './profile-store';

/** Events read per batch: memory holds one batch, whatever the number of events. */
const BATCH = 5_000;

/**
 * Rebuilds the visitors' profiles from the last 90 days of tag events (with our user id, not
 * bots'), in batches, when the store asks for it (`claimRebuild`: memory at every start, Redis
 * only when it has never been filled or `force`); the tags module gives product views the feed's
 * types of their products. Returns the number of events read, or
 * null when no rebuild was needed. Events recorded live while it runs may be counted twice as
 * views (never as anything else: times are merged by the latest).
 */
export async function loadProfiles(options: {
  deps: DeliveryDeps;
  store: ProfileStore;
  now: Date;
  force: boolean;
  batchSize?: number;
  /** Sees each batch once applied (the product catalogue learns what to load). */
  onEvents?: (events: readonly ProfileEventRow[]) => void;
}): Promise<number | null> {
  const { deps, store } = options;
  if (!(await store.claimRebuild(options.force))) return null;
  const since = new Date(options.now.getTime() - PROFILE_TTL_MS);
  let after: ProfileEventsCursor | null = null;
  let read = 0;
  try {
    for (;;) {
      const rows = await tagEventsForProfiles(deps, { since, after, limit: options.batchSize ?? BATCH });
      if (!rows.length) break;
      await applyTagEvents(store, rows);
      options.onEvents?.(rows);
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
