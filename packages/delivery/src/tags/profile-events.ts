import { knownProducts } from '../catalogue/known-products';
import type { DeliveryDeps } from '../deps';
import type { ProfileEventRow, ProfileEventsCursor } from './profile-event';
import { profileEventRows } from './repository';

/** A stored tag event as the bidder's visitors' profiles take it (never a bot's, always with our user id). */
/**
 * One batch of the events the bidder rebuilds its visitors' profiles from at start: since
 * `since`, with our user id, not a bot's, after `after` in the order of the advertiser's events
 * (keyset: each batch an index range scan, memory one batch). A product view carries the feed's
 * types of its products (asked once per advertiser in the batch).
 */
export async function tagEventsForProfiles(
  deps: DeliveryDeps,
  options: { since: Date; after: ProfileEventsCursor | null; limit: number },
): Promise<ProfileEventRow[]> {
  const rows = await profileEventRows(deps.db, options);
  const types = await feedProductsOf(
    deps,
    rows.filter((row) => row.type === 'viewItem'),
  );
  return rows.map((row) => ({
    ...row,
    bot: false,
    productTypes: productTypesOf(row, types.get(row.advertiserId)),
  }));
}

/**
 * Which of the product ids each advertiser's events name its feed has, with their types: one
 * lookup per advertiser, however many events.
 */
export async function feedProductsOf(
  deps: DeliveryDeps,
  events: readonly { advertiserId: number; productIds: readonly string[] }[],
): Promise<Map<number, Map<string, string | null>>> {
  const named = new Map<number, string[]>();
  for (const { advertiserId, productIds } of events) {
    const ids = named.get(advertiserId) ?? [];
    ids.push(...productIds);
    named.set(advertiserId, ids);
  }
  const feeds = new Map<number, Map<string, string | null>>();
  for (const [advertiserId, ids] of named)
    if (ids.length) feeds.set(advertiserId, await knownProducts(deps, advertiserId, ids));
  return feeds;
}

/** The feed's types of a product view's products (none for other events, or products not in the feed). */
export function productTypesOf(
  event: { type: string; productIds: readonly string[] },
  known: ReadonlyMap<string, string | null> | undefined,
): string[] {
  if (event.type !== 'viewItem' || !known) return [];
  return event.productIds.flatMap((id) => {
    const type = known.get(id);
    return type ? [type] : [];
  });
}
