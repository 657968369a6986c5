import type { FeedImport } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { HttpError } from '../../../core/errors';
import { toFeedImportDto } from './dto';
import { insertImport, lockFeed, newestImport } from './repository';

/**
 * Fetches the URL feed now (a `manual` import), unless an import is already waiting or
 * running: then that one is the answer (pressing refresh twice queues one fetch).
 */
export async function refreshFeed(deps: AppDeps, advertiserId: number): Promise<FeedImport> {
  const feed = await lockFeed(deps.db, advertiserId);
  if (feed?.source !== 'url') throw new HttpError(422, 'products.no_url');
  return toFeedImportDto(await fetchNow(deps, advertiserId));
}

/** A `manual` import of the URL feed (whose row the caller locked), or the one already waiting or running. */
export async function fetchNow(deps: AppDeps, advertiserId: number) {
  const pending = await newestImport(deps.db, advertiserId, ['queued', 'running']);
  return pending ?? (await insertImport(deps.db, { advertiserId, trigger: 'manual' }));
}
