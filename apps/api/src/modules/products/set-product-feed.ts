import type { ProductFeed, ProductFeedBody } from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { type Actor, recordActivity } from '../activity-logs/service';
import { auditedFeed } from './dto';
import { describeFeed } from './get-product-feed';
import { lockFeed, upsertFeed } from './repository';

/**
 * Sets where the feed comes from. A URL feed is fetched by the worker's next round (its next
 * fetch is now); a new URL forgets the old one's validators, so the first fetch is never a 304
 * for what another URL sent. The change is an activity-log row (none when nothing changed).
 */
export async function setProductFeed(
  deps: AppDeps,
  advertiserId: number,
  body: ProductFeedBody,
  actor: Actor,
): Promise<ProductFeed> {
  const before = await lockFeed(deps.db, advertiserId);
  const settings =
    body.source === 'url'
      ? { source: body.source, url: body.url, schedule: body.schedule }
      : { source: body.source, url: null, schedule: null };
  const unchanged =
    before !== null &&
    before.source === settings.source &&
    before.url === settings.url &&
    before.schedule === settings.schedule;
  if (unchanged) return describeFeed(deps, before);
  const urlChanged = before?.url !== settings.url;
  const after = await upsertFeed(deps.db, advertiserId, {
    ...settings,
    nextFetchAt: settings.source === 'url' ? new Date() : null,
    ...(urlChanged ? { etag: null, lastModified: null, contentSha256: null } : {}),
  });
  await recordActivity(deps, actor, [
    {
      event: before ? 'updated' : 'created',
      entityType: 'product_feed',
      entityId: after.id,
      before: before && auditedFeed(before),
      after: auditedFeed(after),
      advertiserId,
    },
  ]);
  return describeFeed(deps, after);
}
