import type { BannerDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import type { Actor } from '../../platform';
import { removeCreative } from './asset-store';
import { assertEditable, changedBanner, lockedBanner } from './banner-change';
import type { Creative } from './creative-file';
import { type BannerScope, updateBanner } from './repository';
import { submittedForReview } from './review-state';
import { storeCreative } from './store-creative';

/**
 * Replaces a banner's creative with a checked one under a new asset key (the old URL never
 * shows the new content) and sends it back to review. The old files go once the change has
 * committed.
 */
export async function replaceBannerFile(
  deps: AppDeps,
  id: number,
  scope: BannerScope,
  creative: Creative,
  actor: Actor,
): Promise<BannerDto> {
  const before = await lockedBanner(deps, id, scope);
  assertEditable(before);
  const file = await storeCreative(deps, creative);
  await updateBanner(deps.db, id, {
    ...file,
    ...(await submittedForReview(deps, before.advertiserId)),
    updatedByAccountId: actor.accountId,
  });
  deps.afterCommit(() =>
    deps.background.run('remove replaced creative', () => removeCreative(deps.config, before.assetKey)),
  );
  return changedBanner(deps, before, actor);
}
