import { type ProductTagActivity, toApiDateTime } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { productEventCounts } from './repository';

const ACTIVITY_DAYS = 30;

/** What the tag saw of one of the advertiser's products in the last 30 days: views, adds to cart, purchases. */
export async function productTagActivity(
  deps: AppDeps,
  advertiserId: number,
  productId: string,
  now = new Date(),
): Promise<ProductTagActivity> {
  const since = new Date(now.getTime() - ACTIVITY_DAYS * 86_400_000);
  const { lastEventAt, ...counts } = await productEventCounts(deps.db, advertiserId, productId, since);
  return { ...counts, lastEventAt: lastEventAt && toApiDateTime(lastEventAt) };
}
