import { type BannerDto, type BannerReviewItemDto, type PersonRef, toApiDateTime } from '@rtb/shared';
import type { BannerRow, ReviewItemRow } from './repository';

/** Where a creative is served (and previewed) at real size: its own path, never the panel's. */
export const previewUrlOf = (row: { assetKey: string; assetEntry: string }) =>
  `/creatives/${row.assetKey}/${encodeURIComponent(row.assetEntry)}`;

const changedBy = (person: PersonRef | null) => (person ? { id: person.id, name: person.name } : null);

export function toBannerDto(row: BannerRow): BannerDto {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
    advertiserId: row.advertiserId,
    name: row.name,
    type: row.type,
    status: row.status,
    width: row.width,
    height: row.height,
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    animated: row.animated,
    fileCount: row.fileCount,
    landingUrl: row.landingUrl,
    previewUrl: previewUrlOf(row),
    rejectionReason: row.rejectionReason,
    rejectionNote: row.rejectionNote,
    reviewedAt: row.reviewedAt ? toApiDateTime(row.reviewedAt) : null,
    reviewedBy: changedBy(row.reviewedBy),
    updatedBy: changedBy(row.updatedBy),
    campaignCount: row.campaignCount,
  };
}

/** A banner of the review queue, with its advertiser and when it was (last) submitted. */
export function toBannerReviewItemDto(row: ReviewItemRow): BannerReviewItemDto {
  return {
    ...toBannerDto(row),
    advertiser: { ...row.advertiser, agency: row.agency },
    submittedAt: toApiDateTime(row.submittedAt),
  };
}

/** What an activity-log row keeps of a banner's review. */
export const auditedReview = (row: {
  status: string;
  rejectionReason: string | null;
  rejectionNote: string | null;
}) => ({ status: row.status, rejectionReason: row.rejectionReason, rejectionNote: row.rejectionNote });
