import {
  TAG_EVENT_SUMMARY_HOURS,
  type TagEventSummary,
  type TagEventType,
  tagEventTypes,
  toApiDateTime,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { tagEventCountsByType } from './repository';

const HOUR_MS = 3_600_000;

/**
 * People's events of the last 24 hours by type (`GET /api/advertiser/tag/events/summary`): the
 * retargeting set-up's check that the tag is installed and sends what audiences are built from.
 */
export async function tagEventSummary(
  deps: AppDeps,
  advertiserId: number,
  now = new Date(),
): Promise<TagEventSummary> {
  const since = new Date(now.getTime() - TAG_EVENT_SUMMARY_HOURS * HOUR_MS);
  const found = await tagEventCountsByType(deps.db, advertiserId, since);
  const counts = Object.fromEntries(tagEventTypes.map((type) => [type, found[type] ?? 0])) as Record<
    TagEventType,
    number
  >;
  return {
    since: toApiDateTime(since),
    counts,
    total: Object.values(counts).reduce((sum, n) => sum + n, 0),
  };
}
