import type { AppDeps } from '../../../core/deps';
import { advertiserCreativesTrusted } from '../../organisations';
import type { NewBanner } from './repository';

/**
 * The review columns of a banner that goes (back) to review: a new one, a new file or landing
 * page, a restored or resubmitted one. Pending from now, or approved at once (by nobody) when
 * the admin trusts the advertiser's creatives.
 */
export async function submittedForReview(deps: AppDeps, advertiserId: number) {
  const trusted = await advertiserCreativesTrusted(deps, advertiserId);
  const now = new Date();
  return {
    status: trusted ? 'approved' : 'pending',
    submittedAt: now,
    reviewedAt: trusted ? now : null,
    reviewedByAccountId: null,
    rejectionReason: null,
    rejectionNote: null,
  } satisfies Partial<NewBanner>;
}
