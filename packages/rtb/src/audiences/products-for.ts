import type { ViewedProduct, VisitorProfile } from './profile';

/**
 * The products a dynamic banner shows this visitor (issue 15 item 4): the one viewed last, then
 * the most viewed (more recent first among equals), only those `isAvailable` says may be shown
 * (in the feed and in stock), at most `count`.
 */
export function productsFor(
  profile: VisitorProfile,
  count: number,
  isAvailable: (productId: string) => boolean,
): string[] {
  if (count <= 0) return [];
  // `products` is most recent first.
  const available = profile.products.filter((product) => isAvailable(product.id));
  const [last, ...rest] = available;
  if (!last) return [];
  const mostViewed = [...rest].sort((a: ViewedProduct, b: ViewedProduct) => b.views - a.views || b.at - a.at);
  return [last, ...mostViewed].slice(0, count).map((product) => product.id);
}
