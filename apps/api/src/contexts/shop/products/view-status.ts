import { type FeedImportErrorCode, type ViewStatus, type ViewStatusKey, viewStatusOf } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { countActiveProductsOf, type FeedImportRecord, newestImportsOfFeeds } from './repository';

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

/** What the products area looks at of an advertiser's feed: its newest imports. */
interface FeedImports {
  newest: FeedImportRecord | undefined;
  succeeded: FeedImportRecord | undefined;
  current: FeedImportRecord | undefined;
}

/**
 * The products area of the integration status: a warning to act on without a feed (or before
 * its first import); Processing while an import waits or runs; an error when the newest import
 * failed, saying why; a warning when the last successful import rejected more than 5% of its
 * rows, or the feed has not been imported nor confirmed unchanged for 48 hours; else Ok with the
 * product count (null: the count is still to be asked).
 */
function productsStatusOf({ newest, succeeded, current }: FeedImports, now: number): ViewStatus | null {
  if (!newest) return viewStatusOf('Warning', 'productsNoFeed', true);
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
  if (!succeeded || !current) return viewStatusOf('Warning', 'productsNoFeed', true);
  if (succeeded.rejected > succeeded.itemsRead * REJECTED_SHARE_WARNING)
    return viewStatusOf('Warning', 'productsManyRejected', true, {
      rejected: succeeded.rejected,
      rows: succeeded.itemsRead,
    });
  if (now - (current.finishedAt ?? current.createdAt).getTime() > STALE_AFTER_MS)
    return viewStatusOf('Warning', 'productsStale', true);
  return null;
}

/**
 * The products area of these advertisers' integration status: their feeds' newest imports (three
 * queries however many advertisers), then the product counts of those that are Ok (one).
 */
export async function productsViewStatuses(
  deps: AppDeps,
  advertiserIds: readonly number[],
): Promise<Map<number, ViewStatus>> {
  const now = Date.now();
  const [newest, succeeded, current] = await Promise.all([
    newestImportsOfFeeds(deps.db, advertiserIds),
    newestImportsOfFeeds(deps.db, advertiserIds, ['succeeded']),
    newestImportsOfFeeds(deps.db, advertiserIds, ['succeeded', 'not_modified']),
  ]);
  const statuses = new Map(
    advertiserIds.map((id) => [
      id,
      productsStatusOf(
        { newest: newest.get(id), succeeded: succeeded.get(id), current: current.get(id) },
        now,
      ),
    ]),
  );
  const active = [...statuses].flatMap(([id, status]) => (status ? [] : [id]));
  const counts = await countActiveProductsOf(deps.db, active);
  return new Map(
    [...statuses].map(([id, status]) => [
      id,
      status ?? viewStatusOf('Ok', 'productsActive', false, { count: counts.get(id) ?? 0 }),
    ]),
  );
}
