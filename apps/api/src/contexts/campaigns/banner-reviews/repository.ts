import { banners, type Database } from '@rtb/db';
import type { BannerRejectionReason, BannerReviewQueueQuery } from '@rtb/shared';
import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import { limitOffset, searchOf } from '../../../core/list';
import { advertiserMatching, advertiserSummaryOf } from '../../organisations';
import { bannerColumns } from '../banners/service';

/** A queued banner as its DTO needs it (the banners module's columns) with its advertiser and its agency. */
const reviewItemColumns = { ...bannerColumns, advertiser: advertiserSummaryOf(banners.advertiserId) };

export type ReviewItemRow = Awaited<ReturnType<typeof listReviewQueue>>['rows'][number];

const isPending = eq(banners.status, 'pending');

/**
 * The banners waiting for review, oldest submission first (the partial index
 * `banners_review_queue_idx` answers the order), searched by the banner's name or the
 * advertiser's name or code. The total is the queue's badge count.
 */
export async function listReviewQueue(db: Database, query: BannerReviewQueueQuery) {
  const where = and(
    isPending,
    or(searchOf(query.search, [banners.name]), advertiserMatching(banners.advertiserId, query.search)),
  );
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select(reviewItemColumns)
    .from(banners)
    .where(where)
    .orderBy(asc(banners.submittedAt), asc(banners.id))
    .limit(limit)
    .offset(offset);
  // The badge's count without a search (`where` is then `isPending`) reads the partial index alone.
  const [total] = await db.select({ n: count() }).from(banners).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** What a decision writes on a banner. */
export interface Decision {
  status: 'approved' | 'rejected';
  rejectionReason: BannerRejectionReason | null;
  rejectionNote: string | null;
  reviewedByAccountId: number | null;
}

const decided = (decision: Decision) => ({
  ...decision,
  reviewedAt: new Date(),
  updatedByAccountId: decision.reviewedByAccountId,
});

/**
 * Decides the banner if it is still pending; false when it is not (any more). The condition is
 * part of the UPDATE, so of two admins deciding at once the second finds it decided.
 */
export async function decidePendingBanner(db: Database, id: number, decision: Decision) {
  const [row] = await db
    .update(banners)
    .set(decided(decision))
    .where(and(eq(banners.id, id), isPending))
    .returning({ id: banners.id });
  return row !== undefined;
}

/**
 * Approves every pending banner of the advertiser; returns those it approved with what they
 * were before (locked first, so nothing changes them in between).
 */
export async function approvePendingBannersOf(
  db: Database,
  advertiserId: number,
  reviewedByAccountId: number | null,
) {
  const pending = await db
    .select({
      id: banners.id,
      name: banners.name,
      status: banners.status,
      rejectionReason: banners.rejectionReason,
      rejectionNote: banners.rejectionNote,
    })
    .from(banners)
    .where(and(eq(banners.advertiserId, advertiserId), isPending))
    .orderBy(asc(banners.id))
    .for('update');
  if (pending.length === 0) return [];
  await db
    .update(banners)
    .set(decided({ status: 'approved', rejectionReason: null, rejectionNote: null, reviewedByAccountId }))
    .where(
      inArray(
        banners.id,
        pending.map((banner) => banner.id),
      ),
    );
  return pending;
}
