import { type LogExternalApiDto, type LogExternalApisQuery, toApiDateTime } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { type ExternalCallRow, listExternalCalls } from './repository';

const DAY_MS = 86_400_000;
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

function toLogExternalApiDto(row: ExternalCallRow): LogExternalApiDto {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    service: row.service,
    method: row.method,
    url: row.url,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    error: row.error,
  };
}

/** The external-API log, newest first; `from` and `to` are whole UTC days, both included. */
export async function listExternalCallsPage(deps: AppDeps, query: LogExternalApisQuery) {
  const { rows, total } = await listExternalCalls(
    deps.db,
    {
      search: query.search,
      service: query.service,
      outcome: query.outcome,
      from: query.from ? utcDay(query.from) : undefined,
      before: query.to ? new Date(utcDay(query.to).getTime() + DAY_MS) : undefined,
    },
    query,
  );
  return listOfPage(rows.map(toLogExternalApiDto), query, total);
}
