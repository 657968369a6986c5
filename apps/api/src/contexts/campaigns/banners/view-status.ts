import { type BannerStatus, type ViewStatus, viewStatusOf } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { countBannersByStatus } from './repository';

/**
 * The banners area of the advertiser's integration status: Ok with an approved banner; an error
 * when every banner was rejected (they need fixing); otherwise a warning that none is approved,
 * while banners wait for review or before the first one (archived ones do not count).
 */
function bannersStatusOf({ approved, pending, rejected }: Record<BannerStatus, number>): ViewStatus {
  // The counts of the others ride along: the agency's overview shows what waits and what was rejected.
  if (approved > 0) return viewStatusOf('Ok', 'bannersApproved', false, { approved, pending, rejected });
  if (pending > 0) return viewStatusOf('Warning', 'bannersNotApproved', rejected > 0, { pending, rejected });
  if (rejected > 0) return viewStatusOf('Error', 'bannersAllRejected', true, { rejected });
  return viewStatusOf('Warning', 'bannersNone', true);
}

/** The banners area of these advertisers' integration status, in one query however many. */
export async function bannersViewStatuses(
  deps: AppDeps,
  advertiserIds: readonly number[],
): Promise<Map<number, ViewStatus>> {
  const counts = await countBannersByStatus(deps.db, advertiserIds);
  return new Map([...counts].map(([id, of]) => [id, bannersStatusOf(of)]));
}
