import type { ProductFeed, ProductFeedBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type Actor, recordActivity } from '../../platform';
import { auditedFeed } from './dto';
import { describeFeed } from './get-product-feed';
import { fetchNow } from './refresh-feed';
import { dropQueuedFetches, lockFeed, upsertFeed } from './repository';

const scheduleMs = { hourly: 3_600_000, daily: 86_400_000 } as const;

/**
 * Sets where the feed comes from. A URL feed is fetched at once (a `manual` import the worker
 * takes on its next round, so the page can show its progress), then on its schedule; a new URL
 * forgets the old one's validators, so the first fetch is never a 304 for what another URL sent.
 * Back to uploads, a fetch still waiting is dropped. The change is an activity-log row (none when
 * nothing changed).
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
    nextFetchAt: body.source === 'url' ? new Date(Date.now() + scheduleMs[body.schedule]) : null,
    ...(urlChanged ? { etag: null, lastModified: null, contentSha256: null } : {}),
  });
  if (after.source === 'url') await fetchNow(deps, advertiserId);
  else await dropQueuedFetches(deps.db, advertiserId);
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
