import { advertisers, agencies, type Database } from '@rtb/db';
import type { AccountKind, ActivityEvent } from '@rtb/shared';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { accountRefOf, organisationUsersOf, searchAccounts as searchIdentityAccounts } from '../../identity';
import {
  type ActivityLogFilter,
  activityLogPage,
  activityLogsWhere,
  type CurrencyRef,
  currencyOrNullOf,
  type KeysetPosition,
  newestFirst,
} from '../../platform';

/**
 * At most `limit` rows, newest first, with their actor, impersonator and organisations. The
 * rows are picked (and limited) in a subquery on activity_logs alone, so the index does the
 * filtering and ordering, and only the page's rows are joined.
 */
export async function selectActivityLogs(
  db: Database,
  where: SQL[],
  limit: number,
): Promise<ActivityLogRow[]> {
  const page = activityLogPage(db, where, limit);
  const rows = await db
    .with(page)
    .select({
      id: page.id,
      createdAt: page.createdAt,
      position: page.position,
      requestId: page.requestId,
      event: page.event,
      entityType: page.entityType,
      entityId: page.entityId,
      entityName: page.entityName,
      changes: page.changes,
      ip: page.ip,
      userAgent: page.userAgent,
      actor: accountRefOf(page.actorAccountId),
      impersonator: accountRefOf(page.impersonatorAccountId),
      agencyId: agencies.id,
      agencyName: agencies.name,
      advertiserId: advertisers.id,
      advertiserName: advertisers.name,
      currency: currencyOrNullOf(sql`coalesce(${advertisers.currencyId}, ${agencies.currencyId})`),
    })
    .from(page)
    .leftJoin(agencies, eq(agencies.id, page.agencyId))
    .leftJoin(advertisers, eq(advertisers.id, page.advertiserId))
    .orderBy(...newestFirst(page.createdAt, page.id));
  return rows.map(({ actor, impersonator, ...row }) => ({
    ...row,
    actorId: actor?.id ?? null,
    actorKind: actor?.kind ?? null,
    actorLogin: actor?.login ?? null,
    actorName: actor?.name ?? null,
    impersonatorId: impersonator?.id ?? null,
    impersonatorKind: impersonator?.kind ?? null,
    impersonatorLogin: impersonator?.login ?? null,
    impersonatorName: impersonator?.name ?? null,
  }));
}

export type ActivityLogRow = {
  id: number;
  createdAt: Date;
  position: string;
  requestId: string | null;
  event: ActivityEvent;
  entityType: string;
  entityId: string;
  entityName: string | null;
  changes: { before: unknown; after: unknown };
  ip: string | null;
  userAgent: string | null;
  actorId: number | null;
  actorKind: AccountKind | null;
  actorLogin: string | null;
  actorName: string | null;
  impersonatorId: number | null;
  impersonatorKind: AccountKind | null;
  impersonatorLogin: string | null;
  impersonatorName: string | null;
  agencyId: number | null;
  agencyName: string | null;
  advertiserId: number | null;
  advertiserName: string | null;
  currency: CurrencyRef | null;
};

/** One page of the filtered log after `position` (from the newest without one). */
export function findActivityLogPage(
  db: Database,
  filter: ActivityLogFilter,
  position: KeysetPosition | null,
  limit: number,
): Promise<ActivityLogRow[]> {
  return selectActivityLogs(db, activityLogsWhere(filter, { position }), limit);
}

/** One row, when it matches the filter (an organisation's scope). */
export async function findActivityLog(
  db: Database,
  id: number,
  filter: ActivityLogFilter = {},
): Promise<ActivityLogRow | null> {
  const [row] = await selectActivityLogs(db, activityLogsWhere(filter, { id }), 1);
  return row ?? null;
}

/**
 * The users of an agency (with its advertisers' users) or of an advertiser, by organisation and
 * name: whom the organisation's log can be filtered by.
 */
export async function listOrganisationUsers(
  db: Database,
  scope: { agencyId: number } | { advertiserId: number },
): Promise<{ accountId: number; login: string; name: string; organisation: { id: number; name: string } }[]> {
  const ofAdvertisers = db
    .select({
      organisation: { id: advertisers.id, name: advertisers.name },
      users: organisationUsersOf('advertiser', advertisers.id),
    })
    .from(advertisers)
    .$dynamic();
  const organisations =
    'advertiserId' in scope
      ? await ofAdvertisers.where(eq(advertisers.id, scope.advertiserId))
      : [
          ...(await db
            .select({
              organisation: { id: agencies.id, name: agencies.name },
              users: organisationUsersOf('agency', agencies.id),
            })
            .from(agencies)
            .where(eq(agencies.id, scope.agencyId))),
          ...(await ofAdvertisers
            .where(eq(advertisers.agencyId, scope.agencyId))
            .orderBy(advertisers.name, advertisers.id)),
        ];
  return organisations.flatMap(({ organisation, users }) => users.map((user) => ({ ...user, organisation })));
}

/** The names of these organisations by id. */
async function namesOf(db: Database, table: typeof agencies | typeof advertisers, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Accounts found by login or name (any panel's), or the one with `accountId`: at most `limit`,
 * admins first, then by login. Whose log rows an admin wants to see.
 */
export async function searchAccounts(
  db: Database,
  query: { search?: string; accountId?: number },
  limit: number,
): Promise<
  { accountId: number; login: string; name: string; organisation: { id: number; name: string } | null }[]
> {
  const rows = await searchIdentityAccounts(db, query, limit);
  const present = (ids: (number | null)[]) => ids.filter((id): id is number => id !== null);
  const agencyNames = await namesOf(db, agencies, present(rows.map((row) => row.agencyId)));
  const advertiserNames = await namesOf(db, advertisers, present(rows.map((row) => row.advertiserId)));
  return rows.map((row) => ({
    accountId: row.accountId,
    login: row.login,
    name: row.name ?? row.login,
    organisation:
      row.advertiserId !== null
        ? { id: row.advertiserId, name: advertiserNames.get(row.advertiserId) ?? '' }
        : row.agencyId !== null
          ? { id: row.agencyId, name: agencyNames.get(row.agencyId) ?? '' }
          : null,
  }));
}
