import { type ViewStatus, viewStatusOf } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type TagEventStats, tagEventStats } from './repository';

const DAY_MS = 86_400_000;

/**
 * The tags area of the integration status: an Error until the tag sends (install it), or when
 * it has sent nothing for 7 days; a Warning when events of the last 7 days name products the
 * feed does not have (the tag and the feed disagree on ids, so retargeting misses them); Ok with
 * the count of the last 7 days otherwise.
 */
function tagsStatusOf(stats: TagEventStats): ViewStatus {
  if (!stats.lastEventAt) return viewStatusOf('Error', 'tagsNone', true);
  if (!stats.eventsSince) return viewStatusOf('Error', 'tagsSilent', true);
  if (stats.unknownProductEvents)
    return viewStatusOf('Warning', 'tagsUnknownProducts', true, { events: stats.unknownProductEvents });
  return viewStatusOf('Ok', 'tagsReceiving', false, { events: stats.eventsSince });
}

/** The tags area of these advertisers' integration status, in one query however many. */
export async function tagsViewStatuses(
  deps: AppDeps,
  advertiserIds: readonly number[],
  now = new Date(),
): Promise<Map<number, ViewStatus>> {
  const stats = await tagEventStats(deps.db, advertiserIds, new Date(now.getTime() - 7 * DAY_MS));
  return new Map([...stats].map(([id, of]) => [id, tagsStatusOf(of)]));
}
