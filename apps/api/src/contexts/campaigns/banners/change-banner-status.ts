import type { BannerDto, BannerStatusBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import type { Actor } from '../../platform';
import { changedBanner, lockedBanner } from './banner-change';
import { type BannerScope, updateBanner } from './repository';
import { submittedForReview } from './review-state';

/**
 * Archives a banner (it stops serving, its files stay), or brings an archived or rejected one
 * back to review (approved at once for a trusted advertiser). Asking for the status it already
 * has in effect (archiving an archived banner, resubmitting one that is pending or approved)
 * changes nothing.
 */
export async function changeBannerStatus(
  deps: AppDeps,
  id: number,
  scope: BannerScope,
  { status }: BannerStatusBody,
  actor: Actor,
): Promise<BannerDto> {
  const before = await lockedBanner(deps, id, scope);
  if (status === 'archived' && before.status !== 'archived')
    await updateBanner(deps.db, id, { status: 'archived', updatedByAccountId: actor.accountId });
  if (status === 'pending' && (before.status === 'archived' || before.status === 'rejected'))
    await updateBanner(deps.db, id, {
      ...(await submittedForReview(deps, before.advertiserId)),
      updatedByAccountId: actor.accountId,
    });
  return changedBanner(deps, before, actor);
}
