import { type BannerDto, type PersonRef, toApiDateTime } from '@rtb/shared';
import type { BannerRecord, BannerRow } from './repository';

/**
 * Where a creative is served (and previewed) at real size: its own path, outside the panel's
 * (see asset-routes.ts), each segment of its entry file's path URL-encoded. The one builder of
 * these URLs: the review queue and the campaigns' banners use it too.
 */
export const previewUrlOf = (row: Pick<BannerRecord, 'assetKey' | 'assetEntry'>) =>
  `/creatives/${row.assetKey}/${row.assetEntry.split('/').map(encodeURIComponent).join('/')}`;

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
    template: row.template,
    rejectionReason: row.rejectionReason,
    rejectionNote: row.rejectionNote,
    reviewedAt: row.reviewedAt ? toApiDateTime(row.reviewedAt) : null,
    reviewedBy: changedBy(row.reviewedBy),
    updatedBy: changedBy(row.updatedBy),
    campaignCount: row.campaignCount,
  };
}

/**
 * What an activity-log row keeps of a banner (the file by its key, type, size and bytes; a
 * dynamic banner's template field by field, so a change names the fields that changed).
 */
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
  ...row.template,
});
