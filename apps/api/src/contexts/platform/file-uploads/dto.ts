import { type FileUploadDto, toApiDateTime } from '@rtb/shared';
import type { FileUploadDtoRow } from './repository';

export function toFileUploadDto(row: FileUploadDtoRow): FileUploadDto {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    type: row.type,
    name: row.name,
    mimeType: row.mimeType,
    size: row.size,
  };
}
