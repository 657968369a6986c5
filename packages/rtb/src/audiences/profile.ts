import type { TagEventType } from '@rtb/shared';

/**
 * What the bidder remembers of one visitor of one advertiser's shop (issue 15 item 3), kept from
 * the shop's tag events: enough to answer every audience rule in constant time and to pick the
 * products of a dynamic banner. Times are Unix milliseconds (0: never).
 */
/** One visitor's profiles at the shops that know them (read once per bid request). */
export interface VisitorProfiles {
  /** The profile at an advertiser's shop; null where the shop never saw the visitor. */
  get(advertiserId: number): VisitorProfile | null;
  /** The advertisers with a profile of the visitor: only their campaigns that include audiences can match. */
  readonly advertisers: readonly number[];
}

export interface VisitorProfile {
  /** Any event. */
  lastEventAt: number;
  lastViewItemAt: number;
  lastAddToCartAt: number;
  lastTransactionAt: number;
  /** Product types viewed (normalised by `productTypePath`), most recent first, at most `PROFILE_LIMITS.productTypes`. */
  productTypes: readonly ViewedType[];
  /** Products viewed, most recent first, at most `PROFILE_LIMITS.products`. */
  products: readonly ViewedProduct[];
}

export interface ViewedType {
  type: string;
  at: number;
}

export interface ViewedProduct {
  id: string;
  /** The last view. */
  at: number;
  views: number;
}

/** The lists are bounded so a profile's size, and each audience check, is constant. */
export const PROFILE_LIMITS = { productTypes: 20, products: 20 } as const;

/** Profiles live this long after a visitor's last event: the longest lookback an audience may have. */
export const PROFILE_TTL_MS = 90 * 86_400_000;

/** One tag event as the profile needs it; `productTypes` are the feed's types of the event's products. */
export interface ProfileEvent {
  type: TagEventType;
  at: number;
  productIds: readonly string[];
  productTypes: readonly string[];
}

export const emptyProfile = (): VisitorProfile => ({
  lastEventAt: 0,
  lastViewItemAt: 0,
  lastAddToCartAt: 0,
  lastTransactionAt: 0,
  productTypes: [],
  products: [],
});

/**
 * 'Home  >garden > Tools ' -> 'home > garden > tools': the form in which types are kept and
 * compared (a feed's and an audience's spelling of one type may differ in case and spacing).
 * Empty levels are dropped; '' when nothing is left.
 */
export function productTypePath(type: string): string {
  return type
    .split('>')
    .map((level) => level.trim().replace(/\s+/g, ' ').toLowerCase())
    .filter(Boolean)
    .join(' > ');
}

/** Most recent first; equal times by key, so every store orders the same way (the Redis script too). */
const recentFirst =
  <T>(key: (item: T) => string, at: (item: T) => number) =>
  (a: T, b: T) =>
    at(b) - at(a) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

const byRecentType = recentFirst<ViewedType>(
  (t) => t.type,
  (t) => t.at,
);
const byRecentProduct = recentFirst<ViewedProduct>(
  (p) => p.id,
  (p) => p.at,
);

/**
 * Two profiles of one visitor as one: the later of each time, the product types and products of
 * both (a product's views added up), cut to the most recent. Order does not matter, so bidders
 * recording events at the same time end where one recording them all would (the Redis store's
 * script does exactly this, in Lua).
 */
export function mergeProfiles(a: VisitorProfile, b: VisitorProfile): VisitorProfile {
  const types = new Map<string, ViewedType>();
  for (const item of [...a.productTypes, ...b.productTypes]) {
    const known = types.get(item.type);
    types.set(item.type, known ? { type: item.type, at: Math.max(known.at, item.at) } : item);
  }
  const products = new Map<string, ViewedProduct>();
  for (const item of [...a.products, ...b.products]) {
    const known = products.get(item.id);
    products.set(
      item.id,
      known ? { id: item.id, at: Math.max(known.at, item.at), views: known.views + item.views } : item,
    );
  }
  return {
    lastEventAt: Math.max(a.lastEventAt, b.lastEventAt),
    lastViewItemAt: Math.max(a.lastViewItemAt, b.lastViewItemAt),
    lastAddToCartAt: Math.max(a.lastAddToCartAt, b.lastAddToCartAt),
    lastTransactionAt: Math.max(a.lastTransactionAt, b.lastTransactionAt),
    productTypes: [...types.values()].sort(byRecentType).slice(0, PROFILE_LIMITS.productTypes),
    products: [...products.values()].sort(byRecentProduct).slice(0, PROFILE_LIMITS.products),
  };
}

/**
 * The profile a visitor's events make on their own: what a store merges into the one it keeps
 * (`mergeProfiles`). Every event counts as a visit; a `viewItem` is a view of its products and
 * their types; `addToCart` and `trackTransaction` set their times.
 */
export function profileOfEvents(events: readonly ProfileEvent[]): VisitorProfile {
  const profile = {
    lastEventAt: 0,
    lastViewItemAt: 0,
    lastAddToCartAt: 0,
    lastTransactionAt: 0,
  };
  const types = new Map<string, ViewedType>();
  const products = new Map<string, ViewedProduct>();
  for (const event of events) {
    profile.lastEventAt = Math.max(profile.lastEventAt, event.at);
    if (event.type === 'addToCart') profile.lastAddToCartAt = Math.max(profile.lastAddToCartAt, event.at);
    if (event.type === 'trackTransaction')
      profile.lastTransactionAt = Math.max(profile.lastTransactionAt, event.at);
    if (event.type !== 'viewItem') continue;
    profile.lastViewItemAt = Math.max(profile.lastViewItemAt, event.at);
    for (const id of new Set(event.productIds)) {
      const known = products.get(id);
      products.set(id, { id, at: Math.max(known?.at ?? 0, event.at), views: (known?.views ?? 0) + 1 });
    }
    for (const type of new Set(event.productTypes.map(productTypePath))) {
      if (!type) continue;
      types.set(type, { type, at: Math.max(types.get(type)?.at ?? 0, event.at) });
    }
  }
  return mergeProfiles(
    { ...profile, productTypes: [...types.values()], products: [...products.values()] },
    emptyProfile(),
  );
}
