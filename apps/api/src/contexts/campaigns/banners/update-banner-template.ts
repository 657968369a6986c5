import { type BannerDto, type DynamicTemplate, dynamicTemplateSchema } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { HttpError } from '../../../core/errors';
import type { Actor } from '../../platform';
import { assertEditable, changedBanner, lockedBanner } from './banner-change';
import { type BannerScope, updateBanner } from './repository';
import { submittedForReview } from './review-state';

const templateFields = Object.keys(dynamicTemplateSchema.shape) as (keyof DynamicTemplate)[];

/**
 * Sets a dynamic banner's template. A changed one is a new creative to the review, as a new file
 * is (back to review, or approved at once when the advertiser is trusted); the same one changes
 * nothing. A banner of another type has no template: 422.
 */
export async function updateBannerTemplate(
  deps: AppDeps,
  id: number,
  scope: BannerScope,
  template: DynamicTemplate,
  actor: Actor,
): Promise<BannerDto> {
  const before = await lockedBanner(deps, id, scope);
  assertEditable(before);
  if (before.type !== 'dynamic' || !before.template) throw new HttpError(422, 'banners.not_dynamic');
  const current = before.template;
  if (templateFields.some((field) => template[field] !== current[field]))
    await updateBanner(deps.db, id, {
      template,
      ...(await submittedForReview(deps, before.advertiserId)),
      updatedByAccountId: actor.accountId,
    });
  return changedBanner(deps, before, actor);
}
