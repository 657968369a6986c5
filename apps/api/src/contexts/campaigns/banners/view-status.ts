import { rtbViewStatusMessages, type ViewStatus } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { fill } from '../../../core/fill';
import { countBannersByStatus } from './repository';

/**
 * The banners area of the advertiser's integration status: Ok with an approved banner; an error
 * when every banner was rejected (they need fixing); otherwise a warning that none is approved,
 * while banners wait for review or before the first one (archived ones do not count).
 */
export async function bannersViewStatus(deps: AppDeps, advertiserId: number): Promise<ViewStatus> {
  const { approved, pending, rejected } = await countBannersByStatus(deps.db, advertiserId);
  if (approved > 0)
    return {
      commonStatus: 'Ok',
      message: fill(rtbViewStatusMessages.bannersApproved, { approved }),
      requiresAction: false,
    };
  if (pending > 0)
    return {
      commonStatus: 'Warning',
      message: fill(rtbViewStatusMessages.bannersNotApproved, { pending, rejected }),
      requiresAction: rejected > 0,
    };
  if (rejected > 0)
    return {
      commonStatus: 'Error',
      message: fill(rtbViewStatusMessages.bannersAllRejected, { rejected }),
      requiresAction: true,
    };
  return { commonStatus: 'Warning', message: rtbViewStatusMessages.bannersNone, requiresAction: true };
}
