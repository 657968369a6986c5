import { type AudienceBody, type AudienceDto, toApiDateTime } from '@rtb/shared';
import type { AudienceRecord, AudienceRow } from './repository';

/** What the form sets of an audience. */
type AudienceSettings = Pick<AudienceRecord, 'name' | 'rule' | 'productType' | 'lookbackDays'>;

export function toAudienceDto(row: AudienceRow): AudienceDto {
  return {
    id: row.id,
    name: row.name,
    rule: row.rule,
    productType: row.productType,
    lookbackDays: row.lookbackDays,
    estimatedSize: row.estimatedSize,
    campaignCount: row.campaignCount,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
  };
}

/** The form's settings as columns, and what an activity-log row keeps of an audience. */
export const audienceSettingsOf = (source: AudienceBody | AudienceRecord): AudienceSettings => ({
  name: source.name,
  rule: source.rule,
  productType: source.productType,
  lookbackDays: source.lookbackDays,
});
