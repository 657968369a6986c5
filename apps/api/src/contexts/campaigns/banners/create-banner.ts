import type { BannerDto, BannerUploadBody, DynamicTemplate } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type Actor, recordActivity } from '../../platform';
import type { Creative } from './creative-file';
import { auditedBanner, toBannerDto } from './dto';
import { findBanner, insertBanner } from './repository';
import { submittedForReview } from './review-state';
import { storeCreative } from './store-creative';

const MAX_NAME = 200;

/**
 * A new banner of the advertiser from a checked creative: its files stored under a new key,
 * named as given or after the file, pending review (approved at once for a trusted advertiser).
 * A dynamic banner's creative is its logo, and it comes with its template.
 */
export async function createBanner(
  deps: AppDeps,
  advertiserId: number,
  creative: Creative,
  body: BannerUploadBody & { template?: DynamicTemplate },
  actor: Actor,
): Promise<BannerDto> {
  const review = await submittedForReview(deps, advertiserId);
  const file = await storeCreative(deps, creative);
  const id = await insertBanner(deps.db, {
    advertiserId,
    name: (body.name || creative.baseName || creative.entry).slice(0, MAX_NAME),
    landingUrl: body.landingUrl,
    ...file,
    template: body.template ?? null,
    ...review,
    createdByAccountId: actor.accountId,
    updatedByAccountId: actor.accountId,
  });
  const row = await findBanner(deps.db, id);
  if (!row) throw new Error(`banner ${id} not found after insert`);
  await recordActivity(deps, actor, [
    { event: 'created', entityType: 'banner', entityId: id, after: auditedBanner(row), advertiserId },
  ]);
  return toBannerDto(row);
}
