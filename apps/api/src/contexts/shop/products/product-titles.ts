import type { AppDeps } from '../../../core/deps';
import { titlesByKeys } from './repository';

/**
 * The titles of one advertiser's products by our key (`products.id`, what reports and bid tokens
 * carry), for naming rows; keys of another advertiser are left out. Products are never deleted
 * (a product gone from the feed keeps its row, marked removed), so a key once shown keeps its name.
 */
export async function productTitles(
  deps: AppDeps,
  advertiserId: number,
  keys: readonly number[],
): Promise<Map<number, { title: string; productId: string }>> {
  const rows = await titlesByKeys(deps.db, advertiserId, [...new Set(keys)]);
  return new Map(rows.map((row) => [row.key, { title: row.title, productId: row.productId }]));
}
