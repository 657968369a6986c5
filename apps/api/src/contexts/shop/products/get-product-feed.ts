import type { ProductFeed } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { toProductFeedDto } from './dto';
import { countActiveProducts, type FeedRecord, findFeed, newestImport } from './repository';

/** The feed with its newest import, newest successful one and product count. */
export async function describeFeed(deps: AppDeps, feed: FeedRecord): Promise<ProductFeed> {
  const [lastImport, lastSuccessfulImport, productCount] = await Promise.all([
    newestImport(deps.db, feed.advertiserId),
    newestImport(deps.db, feed.advertiserId, ['succeeded']),
    countActiveProducts(deps.db, feed.advertiserId),
  ]);
  return toProductFeedDto(feed, { lastImport, lastSuccessfulImport, productCount });
}

/** The advertiser's product feed; null until one is set up (or a file uploaded). */
export async function getProductFeed(deps: AppDeps, advertiserId: number): Promise<ProductFeed | null> {
  const feed = await findFeed(deps.db, advertiserId);
  return feed && describeFeed(deps, feed);
}
