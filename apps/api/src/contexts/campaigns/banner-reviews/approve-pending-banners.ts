import type { AppDeps } from '../../../core/deps';
import { type Actor, recordActivity } from '../../platform';
import { auditedReview } from './dto';
import { approvePendingBannersOf } from './repository';

const approved = auditedReview({ status: 'approved', rejectionReason: null, rejectionNote: null });

/**
 * Approves every banner of the advertiser still waiting for review, each with its activity-log
 * row (the advertiser has just been trusted with its creatives). Runs in the caller's transaction.
 */
export async function approvePendingBanners(
  deps: AppDeps,
  advertiserId: number,
  actor: Actor,
): Promise<number> {
  const banners = await approvePendingBannersOf(deps.db, advertiserId, actor.accountId);
  await recordActivity(
    deps,
    actor,
    banners.map((banner) => ({
      event: 'updated' as const,
      entityType: 'banner' as const,
      entityId: banner.id,
      name: banner.name,
      advertiserId,
      before: auditedReview(banner),
      after: approved,
    })),
  );
  return banners.length;
}
