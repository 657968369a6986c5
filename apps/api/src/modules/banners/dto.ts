import { type BannerDto, toApiDateTime } from '@rtb/shared';
import type { BannerRecord, BannerRow } from './repository';

/** Where a creative is served: its own path, outside the panel's (see asset-routes.ts). */
export const previewUrlOf = (row: Pick<BannerRecord, 'assetKey' | 'assetEntry'>) =>
  `/creatives/${row.assetKey}/${row.assetEntry}`;

const changedBy = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

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
    reviewedBy: changedBy(row.reviewedByAccountId, row.reviewedByName),
    updatedBy: changedBy(row.updatedByAccountId, row.updatedByName),
    campaignCount: row.campaignCount,
  };
}

/** What an activity-log row keeps of a banner (the file by its key, type, size and bytes). */
export const auditedBanner = (row: BannerRecord) => ({
  name: row.name,
  landingUrl: row.landingUrl,
  status: row.status,
  type: row.type,
  width: row.width,
  height: row.height,
  mimeType: row.mimeType,
  fileSize: row.fileSize,
  animated: row.animated,
  fileCount: row.fileCount,
  assetKey: row.assetKey,
  rejectionReason: row.rejectionReason,
  rejectionNote: row.rejectionNote,
});
