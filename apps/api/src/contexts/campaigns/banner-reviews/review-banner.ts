import { type BannerDto, type BannerReviewBody, bannerMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField, notFound } from '../../../core/errors';
import { enabledUsersOf } from '../../identity';
import { type Actor, queueEmail, recordActivity } from '../../platform';
import { type BannerRow, findBanner, toBannerDto } from '../banners/service';
import { auditedReview } from './dto';
import { rejectionReasonName } from './rejection-reasons';
import { type Decision, decidePendingBanner } from './repository';

/**
 * An admin approves a pending banner, or rejects it with a reason from the list (and a note,
 * which the reason `other` needs). Only a pending banner can be decided: of two admins deciding
 * at once, the second gets 422. On rejection every enabled user of the advertiser is mailed.
 */
export async function reviewBanner(
  deps: AppDeps,
  id: number,
  body: BannerReviewBody,
  actor: Actor,
): Promise<BannerDto> {
  const decision: Decision =
    body.decision === 'approve'
      ? {
          status: 'approved',
          rejectionReason: null,
          rejectionNote: null,
          reviewedByAccountId: actor.accountId,
        }
      : {
          status: 'rejected',
          rejectionReason: body.reason,
          rejectionNote: body.note || null,
          reviewedByAccountId: actor.accountId,
        };
  if (body.decision === 'reject' && body.reason === 'other' && !body.note)
    throw invalidField('note', bannerMessages.rejectionNoteRequired);

  const before = await findBanner(deps.db, id);
  if (!before) throw notFound();
  // The UPDATE itself checks that the banner is still pending (another admin may have decided it).
  if (before.status !== 'pending' || !(await decidePendingBanner(deps.db, id, decision)))
    throw invalidField('decision', bannerMessages.notPending);
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'banner',
      entityId: id,
      name: before.name,
      advertiserId: before.advertiserId,
      before: auditedReview(before),
      after: auditedReview(decision),
    },
  ]);
  const banner = await findBanner(deps.db, id);
  if (!banner) throw notFound();
  if (banner.status === 'rejected') await mailRejection(deps, banner);
  return toBannerDto(banner);
}

/** Tells the advertiser's users why their banner was rejected, each in their own language. */
async function mailRejection(deps: AppDeps, banner: BannerRow): Promise<void> {
  if (!banner.rejectionReason) return;
  const link = `${deps.config.publicUrl}/panel/advertiser/banners?banner=${banner.id}`;
  for (const user of await enabledUsersOf(deps, 'advertiser', banner.advertiserId)) {
    await queueEmail(deps, {
      to: user.email,
      accountId: user.accountId,
      templateKey: 'banner-rejected',
      locale: user.locale,
      vars: {
        firstName: user.firstName,
        bannerName: banner.name,
        reason: rejectionReasonName(banner.rejectionReason, user.locale),
        note: banner.rejectionNote ?? '—',
        link,
      },
    });
  }
}
