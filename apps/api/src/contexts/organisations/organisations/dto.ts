import { type LogStatusVerificationDto, toApiDateTime } from '@rtb/shared';
import type { LogStatusVerificationRow } from './verifications-repository';

/** A status change as the API shows it, with who made it (name and e-mail). */
export function toLogStatusVerificationDto(row: LogStatusVerificationRow): LogStatusVerificationDto {
  const by = row.changedBy;
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    agency: row.agency?.id ? { id: row.agency.id, name: row.agency.name } : null,
    advertiser: row.advertiser?.id ? { id: row.advertiser.id, name: row.advertiser.name } : null,
    statusFrom: row.statusFrom,
    statusTo: row.statusTo,
    comment: row.comment,
    changedBy: by?.id ? { id: by.id, name: by.name, email: by.email } : null,
  };
}
