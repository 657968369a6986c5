import { PROFILE_LIMITS, type VisitorProfile } from '@rtb/rtb';

/*
 * A profile as the Redis store keeps it, compact JSON:
 *   {"e": last event, "v": last viewItem, "c": last addToCart, "t": last transaction,
 *    "pt": [[type, at], ...], "p": [[product id, at, views], ...]}
 * Times are Unix ms. The store's merge script writes the same shape.
 */

export function encodeProfile(profile: VisitorProfile): string {
  return JSON.stringify({
    e: profile.lastEventAt,
    v: profile.lastViewItemAt,
    c: profile.lastAddToCartAt,
    t: profile.lastTransactionAt,
    pt: profile.productTypes.map(({ type, at }) => [type, at]),
    p: profile.products.map(({ id, at, views }) => [id, at, views]),
  });
}

const time = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : 0;
const list = (value: unknown): unknown[][] =>
  Array.isArray(value) ? value.filter((item): item is unknown[] => Array.isArray(item)) : [];

/** The profile a stored value holds; a value it cannot read is no profile (null), never an error on the bid path. */
export function decodeProfile(text: string): VisitorProfile | null {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { e, v, c, t, pt, p } = stored as Record<string, unknown>;
  return {
    lastEventAt: time(e),
    lastViewItemAt: time(v),
    lastAddToCartAt: time(c),
    lastTransactionAt: time(t),
    productTypes: list(pt)
      .filter(([type]) => typeof type === 'string')
      .slice(0, PROFILE_LIMITS.productTypes)
      .map(([type, at]) => ({ type: type as string, at: time(at) })),
    products: list(p)
      .filter(([id]) => typeof id === 'string')
      .slice(0, PROFILE_LIMITS.products)
      .map(([id, at, views]) => ({ id: id as string, at: time(at), views: time(views) })),
  };
}
