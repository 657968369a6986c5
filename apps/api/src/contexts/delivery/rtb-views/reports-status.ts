import { type ViewStatus, viewStatusOf } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { advertisersWithImpressionsSince } from './repository';

const HOUR_MS = 3_600_000;

/**
 * The reports area of these advertisers' integration status: Ok when impressions arrived in the
 * last 24 hours (the rollup hours from the one 24 hours ago on), a Warning otherwise.
 */
export async function reportsViewStatuses(
  deps: AppDeps,
  advertiserIds: readonly number[],
  now = new Date(),
): Promise<Map<number, ViewStatus>> {
  const since = new Date(Math.floor((now.getTime() - 24 * HOUR_MS) / HOUR_MS) * HOUR_MS);
  const delivering = await advertisersWithImpressionsSince(deps.db, advertiserIds, since);
  return new Map(
    advertiserIds.map((id) => [
      id,
      delivering.has(id)
        ? viewStatusOf('Ok', 'reportsDelivering', false)
        : viewStatusOf('Warning', 'reportsNoDelivery', false),
    ]),
  );
}
