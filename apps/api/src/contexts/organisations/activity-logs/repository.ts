import { activityLogs, advertisers, agencies, type Database } from '@rtb/db';
import type { AccountKind, ActivityEvent } from '@rtb/shared';
import {
  type AnyColumn,
  and,
  count,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  type SQL,
  sql,
} from 'drizzle-orm';
import { accountRefOf, organisationUsersOf, searchAccounts as searchIdentityAccounts } from '../../identity';

export interface ActivityLogFilter {
  agencyId?: number;
  advertiserId?: number;
  actorAccountId?: number;
  entityType?: string;
  entityId?: string;
  event?: ActivityEvent;
  /** created_at >= from */
  from?: Date;
  /** created_at < before */
  before?: Date;
}

/**
 * Where a keyset page starts: strictly after this row in (created_at desc, id desc) order.
 * `createdAt` keeps PostgreSQL's microseconds (ISO, UTC), which a JS Date would lose.
 */
export interface KeysetPosition {
  createdAt: string;
  id: number;
}

/** Equality filters first, so each combination can use the index led by one of them. */
function conditionsOf(filter: ActivityLogFilter): SQL[] {
  const t = activityLogs;
  const conditions: (SQL | undefined)[] = [
    filter.agencyId !== undefined ? eq(t.agencyId, filter.agencyId) : undefined,
    filter.advertiserId !== undefined ? eq(t.advertiserId, filter.advertiserId) : undefined,
    filter.actorAccountId !== undefined ? eq(t.actorAccountId, filter.actorAccountId) : undefined,
    filter.entityType !== undefined ? eq(t.entityType, filter.entityType) : undefined,
    filter.entityId !== undefined ? eq(t.entityId, filter.entityId) : undefined,
    filter.event !== undefined ? eq(t.event, filter.event) : undefined,
    filter.from ? gte(t.createdAt, filter.from) : undefined,
    filter.before ? lt(t.createdAt, filter.before) : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

/**
 * Newest first, spelt as the indexes are (`desc nulls last`): a plain `desc` means nulls first,
 * which PostgreSQL will not read from those indexes (NOT NULL columns notwithstanding) and
 * sorts the whole table instead.
 */
const newestFirst = (createdAt: AnyColumn, id: AnyColumn): SQL[] => [
  sql`${createdAt} desc nulls last`,
  sql`${id} desc nulls last`,
];

/** A row-value comparison, which the (…, created_at desc, id desc) indexes answer as a range. */
const after = (position: KeysetPosition): SQL =>
  sql`(${activityLogs.createdAt}, ${activityLogs.id}) < (${position.createdAt}::timestamptz, ${position.id}::bigint)`;

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
  const page = db.$with('page').as(
    db
      .select({
        ...getTableColumns(activityLogs),
        position:
          sql<string>`to_char(${activityLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
            'position',
          ),
      })
      .from(activityLogs)
      .where(and(...where))
      .orderBy(...newestFirst(activityLogs.createdAt, activityLogs.id))
      .limit(limit),
  );
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
      changes: page.changes,
      ip: page.ip,
      userAgent: page.userAgent,
      actor: accountRefOf(page.actorAccountId),
      impersonator: accountRefOf(page.impersonatorAccountId),
      agencyId: agencies.id,
      agencyName: agencies.name,
      advertiserId: advertisers.id,
      advertiserName: advertisers.name,
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
};

/** One page of the filtered log after `position` (from the newest without one). */
export function findActivityLogPage(
  db: Database,
  filter: ActivityLogFilter,
  position: KeysetPosition | null,
  limit: number,
): Promise<ActivityLogRow[]> {
  const where = conditionsOf(filter);
  if (position) where.push(after(position));
  return selectActivityLogs(db, where, limit);
}

/** How many rows match, counting no further than `cap` (a count of a million rows is slow). */
export async function countActivityLogs(
  db: Database,
  filter: ActivityLogFilter,
  cap: number,
): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(activityLogs)
    .where(and(...conditionsOf(filter)))
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}

/** One row, when it matches the filter (an organisation's scope). */
export async function findActivityLog(
  db: Database,
  id: number,
  filter: ActivityLogFilter = {},
): Promise<ActivityLogRow | null> {
  const [row] = await selectActivityLogs(db, [eq(activityLogs.id, id), ...conditionsOf(filter)], 1);
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
