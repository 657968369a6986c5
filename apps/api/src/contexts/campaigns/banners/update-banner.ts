import type { BannerDto, BannerUpdateBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import type { Actor } from '../../platform';
import { assertEditable, changedBanner, lockedBanner } from './banner-change';
import { type BannerScope, updateBanner } from './repository';
import { submittedForReview } from './review-state';

/**
 * Renames a banner and sets its landing page (checked by the caller when it changed). A new
 * landing page goes back to review; a new name alone does not.
 */
export async function updateBannerDetails(
  deps: AppDeps,
  id: number,
  scope: BannerScope,
  body: BannerUpdateBody,
  actor: Actor,
): Promise<BannerDto> {
  const before = await lockedBanner(deps, id, scope);
  assertEditable(before);
  const review =
    body.landingUrl !== before.landingUrl ? await submittedForReview(deps, before.advertiserId) : {};
  if (body.name !== before.name || body.landingUrl !== before.landingUrl)
    await updateBanner(deps.db, id, {
      name: body.name,
      landingUrl: body.landingUrl,
      ...review,
      updatedByAccountId: actor.accountId,
    });
  return changedBanner(deps, before, actor);
}
