import type { DeliveryDeps } from '../deps';
import { productTypesByIds } from './repository';

/**
 * Which of the product ids an advertiser's tag named are in its feed, each with its product type
 * (null when the feed gives none): the tag debugger's `product_not_in_feed` hint and the types of
 * the visitors' profiles come from it.
 */
export async function knownProducts(
  deps: DeliveryDeps,
  advertiserId: number,
  productIds: readonly string[],
): Promise<Map<string, string | null>> {
  const rows = await productTypesByIds(deps.db, advertiserId, [...new Set(productIds)]);
  return new Map(rows.map((row) => [row.productId, row.productType]));
}
