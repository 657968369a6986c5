import {
  type CurrentRegulationDto,
  type LogRegulationDto,
  type RegulationListItem,
  type RegulationTextDto,
  toApiDateTime,
} from '@rtb/shared';
import type { findCurrentDocuments, LogRegulationRow, RegulationRow } from './repository';

export function toRegulationListItem(row: RegulationRow): RegulationListItem {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
    type: row.type,
    version: row.version,
    enabled: row.enabled,
    current: row.current,
    title: row.title ?? '',
    locales: row.locales,
    acceptanceCount: row.acceptanceCount,
  };
}

type CurrentDocumentRow = Awaited<ReturnType<typeof findCurrentDocuments>>[number];

export function toCurrentRegulation(row: CurrentDocumentRow): CurrentRegulationDto {
  return {
    id: row.id,
    type: row.type,
    version: row.version,
    locale: row.locale,
    title: row.title,
    content: row.content,
    updatedAt: toApiDateTime(row.updatedAt),
  };
}

export function toLogRegulation(row: LogRegulationRow): LogRegulationDto {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    regulation: row.regulation,
    user:
      row.user === null
        ? null
        : { id: row.user.id, name: row.user.name ?? row.user.login, email: row.user.login },
    agency: row.agency,
    advertiser: row.advertiser,
    ip: row.ip,
  };
}

/** What an activity-log row keeps of a version's texts: every language's title and content. */
export function auditedTexts(texts: RegulationTextDto[]) {
  return Object.fromEntries(texts.map((text) => [text.locale, { title: text.title, content: text.content }]));
}
