import { type GeneratedReportDto, toApiDateTime } from '@rtb/shared';
import type { GeneratedReportRow } from './repository';

const orNull = (date: Date | null) => (date ? toApiDateTime(date) : null);

/** The name a report downloads under: `revenue-2026-11-01-2026-11-30.xlsx`. */
export const reportFileName = (row: Pick<GeneratedReportRow, 'type' | 'parameters'>) =>
  `${row.type}-${row.parameters.from}-${row.parameters.to}.${row.parameters.format}`;

export function toGeneratedReportDto(row: GeneratedReportRow): GeneratedReportDto {
  return {
    id: row.id,
    type: row.type,
    parameters: {
      from: row.parameters.from,
      to: row.parameters.to,
      format: row.parameters.format,
      style: row.parameters.style,
      locale: row.parameters.locale,
    },
    status: row.status,
    progress: row.progress,
    rows: row.status === 'done' ? row.rows : null,
    fileSize: row.status === 'done' ? row.fileSize : null,
    fileName: reportFileName(row),
    error: row.error,
    createdBy: row.createdById === null ? null : { id: row.createdById, name: row.createdByName ?? '' },
    createdAt: toApiDateTime(row.createdAt),
    startedAt: orNull(row.startedAt),
    finishedAt: orNull(row.finishedAt),
    expiresAt: orNull(row.expiresAt),
  };
}
