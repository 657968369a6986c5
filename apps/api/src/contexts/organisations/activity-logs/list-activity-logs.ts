import {
  ACTIVITY_LOG_COUNT_LIMIT,
  type ActivityLogDto,
  type ActivityLogsMeta,
  type ActivityLogsQuery,
  type AdminActivityLogUsersQuery,
  INVALID_CURSOR_MESSAGE,
  toApiDateTime,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField, notFound } from '../../../core/errors';
import { type ActivityLogFilter, countActivityLogs, type KeysetPosition } from '../../platform';
import {
  type ActivityLogRow,
  findActivityLog,
  findActivityLogPage,
  listOrganisationUsers,
  searchAccounts,
} from './repository';

const DAY_MS = 86_400_000;

/** Where the next page starts, and which page number it is (the cursor is opaque to clients). */
interface Cursor extends KeysetPosition {
  page: number;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}|${cursor.page}`).toString('base64url');
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,16})\|(\d{1,9})$/;

/** The cursor a previous page gave, or a 422 on `cursor` for anything else. */
export function decodeCursor(value: string): Cursor {
  const match = CURSOR.exec(Buffer.from(value, 'base64url').toString('utf8'));
  const [, createdAt = '', id = '', page = ''] = match ?? [];
  const date = new Date(`${createdAt.slice(0, 23)}Z`);
  const valid =
    match &&
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 23) === createdAt.slice(0, 23) &&
    Number.isSafeInteger(Number(id)) &&
    Number(id) > 0 &&
    Number(page) > 1;
  if (!valid) throw invalidField('cursor', INVALID_CURSOR_MESSAGE);
  return { createdAt, id: Number(id), page: Number(page) };
}

/** The query's filters; `from` and `to` are whole UTC days, both included. */
export function filterOf(query: ActivityLogsQuery): ActivityLogFilter {
  return {
    agencyId: query.agencyId,
    advertiserId: query.advertiserId,
    actorAccountId: query.actorAccountId,
    entityType: query.entityType,
    entityId: query.entityId,
    event: query.event,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    before: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
  };
}

const record = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** An agency's (with its advertisers') or an advertiser's own rows. */
export type OrganisationScope = { agencyId: number } | { advertiserId: number };

/**
 * A row as an organisation's log shows it: where the platform's staff acted (an admin, or an
 * admin logged in as one of its users), their address and browser stay with the platform.
 */
function seenByOrganisation(row: ActivityLogRow): ActivityLogRow {
  return row.actorKind === 'admin' || row.impersonatorKind === 'admin'
    ? { ...row, ip: null, userAgent: null }
    : row;
}

export function toActivityLogDto(row: ActivityLogRow): ActivityLogDto {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    requestId: row.requestId,
    event: row.event,
    entityType: row.entityType,
    entityId: row.entityId,
    entityName: row.entityName,
    changes: { before: record(row.changes?.before), after: record(row.changes?.after) },
    ip: row.ip,
    userAgent: row.userAgent,
    actor:
      row.actorId !== null && row.actorKind !== null
        ? {
            id: row.actorId,
            kind: row.actorKind,
            login: row.actorLogin ?? '',
            name: row.actorName ?? row.actorLogin ?? '',
          }
        : null,
    impersonator:
      row.impersonatorId !== null && row.impersonatorKind !== null
        ? {
            id: row.impersonatorId,
            kind: row.impersonatorKind,
            login: row.impersonatorLogin ?? '',
            name: row.impersonatorName ?? row.impersonatorLogin ?? '',
          }
        : null,
    agency: row.agencyId !== null ? { id: row.agencyId, name: row.agencyName ?? '' } : null,
    advertiser: row.advertiserId !== null ? { id: row.advertiserId, name: row.advertiserName ?? '' } : null,
    currency: row.currency,
  };
}

/**
 * One keyset page of the activity log, newest first, with a bounded total: fast on any page
 * of a table with millions of rows, where OFFSET paging and an exact count are not.
 */
export async function listActivityLogs(
  deps: AppDeps,
  query: ActivityLogsQuery,
  /** An organisation's own log; the whole platform's without one (admins). */
  scope: OrganisationScope | null = null,
): Promise<{ elements: ActivityLogDto[]; meta: ActivityLogsMeta }> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const filter: ActivityLogFilter = { ...filterOf(query), ...scope };
  const [rows, counted] = await Promise.all([
    findActivityLogPage(deps.db, filter, cursor, query.perPage + 1),
    countActivityLogs(deps.db, filter, ACTIVITY_LOG_COUNT_LIMIT + 1),
  ]);
  const page = cursor?.page ?? 1;
  const shown = rows.slice(0, query.perPage);
  const last = shown[shown.length - 1];
  const nextCursor =
    rows.length > query.perPage && last
      ? encodeCursor({ createdAt: last.position, id: last.id, page: page + 1 })
      : null;
  const totalIsEstimate = counted > ACTIVITY_LOG_COUNT_LIMIT;
  const total = Math.min(counted, ACTIVITY_LOG_COUNT_LIMIT);
  return {
    elements: (scope ? shown.map(seenByOrganisation) : shown).map(toActivityLogDto),
    meta: {
      page,
      perPage: query.perPage,
      total,
      // Never below a page the cursor chain has reached or leads to.
      lastPage: Math.max(1, Math.ceil(total / query.perPage), nextCursor ? page + 1 : page),
      totalIsEstimate,
      nextCursor,
    },
  };
}

/** One entry, or 404 'Not Found' (also for another organisation's entry). */
export async function getActivityLog(
  deps: AppDeps,
  id: number,
  scope: OrganisationScope | null = null,
): Promise<ActivityLogDto> {
  const row = await findActivityLog(deps.db, id, scope ?? {});
  if (!row) throw notFound();
  return toActivityLogDto(scope ? seenByOrganisation(row) : row);
}

/** At most this many accounts answer a search for the admin's user filter. */
const USER_SEARCH_LIMIT = 20;

/** The users an organisation's log can be filtered by. */
export async function activityLogUsers(deps: AppDeps, scope: OrganisationScope) {
  const rows = await listOrganisationUsers(deps.db, scope);
  return {
    elements: rows.map((row) => ({
      id: row.accountId,
      login: row.login,
      name: row.name,
      organisation: row.organisation,
    })),
  };
}

/** The accounts an admin may filter the platform's log by: found by login or name, or the chosen one. */
export async function adminActivityLogUsers(deps: AppDeps, query: AdminActivityLogUsersQuery) {
  if (!query.search && query.accountId === undefined) return { elements: [] };
  const rows = await searchAccounts(deps.db, query, USER_SEARCH_LIMIT);
  return {
    elements: rows.map((row) => ({
      id: row.accountId,
      login: row.login,
      name: row.name,
      organisation: row.organisation,
    })),
  };
}
