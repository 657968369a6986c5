import { type ViewStatus, viewStatusOf } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { impressionsSince } from './repository';

const HOUR_MS = 3_600_000;

/**
 * The reports area of the advertiser's integration status: Ok when impressions arrived in the
 * last 24 hours (the rollup hours from the one 24 hours ago on), a Warning otherwise.
 */
export async function reportsViewStatus(
  deps: AppDeps,
  advertiserId: number,
  now = new Date(),
): Promise<ViewStatus> {
  const since = new Date(Math.floor((now.getTime() - 24 * HOUR_MS) / HOUR_MS) * HOUR_MS);
  return (await impressionsSince(deps.db, advertiserId, since))
    ? viewStatusOf('Ok', 'reportsDelivering', false)
    : viewStatusOf('Warning', 'reportsNoDelivery', false);
}
