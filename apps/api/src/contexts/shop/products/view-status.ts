import { type FeedImportErrorCode, rtbViewStatusMessages, type ViewStatus } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { fill } from '../../../core/fill';
import { countActiveProducts, findFeed, newestImport } from './repository';

/** Over this share of an import's rows rejected, the feed needs looking at. */
const REJECTED_SHARE_WARNING = 0.05;
/** A feed not imported (nor confirmed unchanged) for longer is stale. */
const STALE_AFTER_MS = 48 * 3_600_000;

/** Why the last import failed, in the area's words. */
const failureMessages: Record<FeedImportErrorCode, string> = {
  unrecognised_format: rtbViewStatusMessages.productsFeedUnreadable,
  unsupported_encoding: rtbViewStatusMessages.productsFeedUnreadable,
  malformed_xml: rtbViewStatusMessages.productsFeedUnreadable,
  element_too_large: rtbViewStatusMessages.productsFeedUnreadable,
  fetch_failed: rtbViewStatusMessages.productsFetchFailed,
  unsafe_address: rtbViewStatusMessages.productsFetchFailed,
  http_status: rtbViewStatusMessages.productsHttpStatus,
  too_large: rtbViewStatusMessages.productsTooLarge,
  timeout: rtbViewStatusMessages.productsTimeout,
  empty_feed: rtbViewStatusMessages.productsEmpty,
  interrupted: rtbViewStatusMessages.productsInterrupted,
};

const status = (commonStatus: ViewStatus['commonStatus'], message: string, requiresAction: boolean) => ({
  commonStatus,
  message,
  requiresAction,
});

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
  if (!feed || !newest) return status('Warning', rtbViewStatusMessages.productsNoFeed, true);
  if (newest.status === 'queued' || newest.status === 'running')
    return status('Processing', rtbViewStatusMessages.productsImporting, false);
  if (newest.status === 'failed') {
    const code = newest.errorCode ?? 'fetch_failed';
    const httpStatus = /\d{3}/.exec(newest.errorDetail ?? '')?.[0] ?? '?';
    return status('Error', fill(failureMessages[code], { status: httpStatus }), true);
  }
  const [succeeded, current] = await Promise.all([
    newestImport(deps.db, advertiserId, ['succeeded']),
    newestImport(deps.db, advertiserId, ['succeeded', 'not_modified']),
  ]);
  if (!succeeded || !current) return status('Warning', rtbViewStatusMessages.productsNoFeed, true);
  if (succeeded.rejected > succeeded.itemsRead * REJECTED_SHARE_WARNING)
    return status(
      'Warning',
      fill(rtbViewStatusMessages.productsManyRejected, {
        rejected: succeeded.rejected,
        rows: succeeded.itemsRead,
      }),
      true,
    );
  if (Date.now() - (current.finishedAt ?? current.createdAt).getTime() > STALE_AFTER_MS)
    return status('Warning', rtbViewStatusMessages.productsStale, true);
  return status(
    'Ok',
    fill(rtbViewStatusMessages.productsActive, { count: await countActiveProducts(deps.db, advertiserId) }),
    false,
  );
}
