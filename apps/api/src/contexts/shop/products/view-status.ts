import { type FeedImportErrorCode, type ViewStatus, type ViewStatusKey, viewStatusOf } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { countActiveProducts, findFeed, newestImport } from './repository';

/** Over this share of an import's rows rejected, the feed needs looking at. */
const REJECTED_SHARE_WARNING = 0.05;
/** A feed not imported (nor confirmed unchanged) for longer is stale. */
const STALE_AFTER_MS = 48 * 3_600_000;

/** Why the last import failed, in the area's words. */
const failureMessages: Record<FeedImportErrorCode, ViewStatusKey> = {
  unrecognised_format: 'productsFeedUnreadable',
  unsupported_encoding: 'productsFeedUnreadable',
  malformed_xml: 'productsFeedUnreadable',
  element_too_large: 'productsFeedUnreadable',
  fetch_failed: 'productsFetchFailed',
  unsafe_address: 'productsFetchFailed',
  http_status: 'productsHttpStatus',
  too_large: 'productsTooLarge',
  timeout: 'productsTimeout',
  empty_feed: 'productsEmpty',
  interrupted: 'productsInterrupted',
};

/**
 * The products area of the integration status: a warning to act on without a feed (or before
 * its first import); Processing while an import waits or runs; an error when the newest import
 * failed, saying why; a warning when the last successful import rejected more than 5% of its
 * rows, or the feed has not been imported nor confirmed unchanged for 48 hours; else Ok with the
 * product count.
 */
export async function productsViewStatus(deps: AppDeps, advertiserId: number): Promise<ViewStatus> {
  const feed = await findFeed(deps.db, advertiserId);
  const newest = feed && (await newestImport(deps.db, advertiserId));
  if (!feed || !newest) return viewStatusOf('Warning', 'productsNoFeed', true);
  if (newest.status === 'queued' || newest.status === 'running')
    return viewStatusOf('Processing', 'productsImporting', false);
  if (newest.status === 'failed') {
    const code = newest.errorCode ?? 'fetch_failed';
    const httpStatus = /\d{3}/.exec(newest.errorDetail ?? '')?.[0] ?? '?';
    const key = failureMessages[code];
    return viewStatusOf(
      'Error',
      key,
      true,
      key === 'productsHttpStatus' ? { status: httpStatus } : undefined,
    );
  }
  const [succeeded, current] = await Promise.all([
    newestImport(deps.db, advertiserId, ['succeeded']),
    newestImport(deps.db, advertiserId, ['succeeded', 'not_modified']),
  ]);
  if (!succeeded || !current) return viewStatusOf('Warning', 'productsNoFeed', true);
  if (succeeded.rejected > succeeded.itemsRead * REJECTED_SHARE_WARNING)
    return viewStatusOf('Warning', 'productsManyRejected', true, {
      rejected: succeeded.rejected,
      rows: succeeded.itemsRead,
    });
  if (Date.now() - (current.finishedAt ?? current.createdAt).getTime() > STALE_AFTER_MS)
    return viewStatusOf('Warning', 'productsStale', true);
  return viewStatusOf('Ok', 'productsActive', false, {
    count: await countActiveProducts(deps.db, advertiserId),
  });
}
