import { rtbViewStatusMessages, type ViewStatus } from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { fill } from '../../core/fill';
import { countBannersByStatus } from './repository';

/**
 * The banners area of the advertiser's integration status: Ok with an approved banner;
 * a warning while the banners wait for review or were rejected (a rejected one needs fixing);
 * an error, to act on, with none (archived ones do not count).
 */
export async function bannersViewStatus(deps: AppDeps, advertiserId: number): Promise<ViewStatus> {
  const { approved, pending, rejected } = await countBannersByStatus(deps.db, advertiserId);
  if (approved > 0)
    return {
      commonStatus: 'Ok',
      message: fill(rtbViewStatusMessages.bannersApproved, { approved }),
      requiresAction: false,
    };
  if (pending + rejected > 0)
    return {
      commonStatus: 'Warning',
      message: fill(rtbViewStatusMessages.bannersNotApproved, { pending, rejected }),
      requiresAction: rejected > 0,
    };
  return { commonStatus: 'Error', message: rtbViewStatusMessages.bannersNone, requiresAction: true };
}
