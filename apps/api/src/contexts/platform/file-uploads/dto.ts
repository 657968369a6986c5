import { type FileUploadDto, toApiDateTime } from '@rtb/shared';
import type { FileUploadRow } from './repository';

export function toFileUploadDto(row: Omit<FileUploadRow, 'agencyId' | 'advertiserId'>): FileUploadDto {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    type: row.type,
    name: row.name,
    mimeType: row.mimeType,
    size: row.size,
  };
}
