import { type BannerReviewItemDto, toApiDateTime } from '@rtb/shared';
import { toBannerDto } from '../banners/service';
import type { ReviewItemRow } from './repository';

/** A banner of the review queue, with its advertiser and when it was (last) submitted. */
export function toBannerReviewItemDto(row: ReviewItemRow): BannerReviewItemDto {
  return {
    ...toBannerDto(row),
    advertiser: row.advertiser,
    submittedAt: toApiDateTime(row.submittedAt),
  };
}

/** What an activity-log row keeps of a banner's review. */
export const auditedReview = (row: {
  status: string;
  rejectionReason: string | null;
  rejectionNote: string | null;
}) => ({ status: row.status, rejectionReason: row.rejectionReason, rejectionNote: row.rejectionNote });
