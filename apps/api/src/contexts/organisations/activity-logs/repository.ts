import {
  accounts,
  activityLogs,
  adminUsers,
  advertisers,
  advertiserUsers,
  agencies,
  agencyUsers,
  type Database,
} from '@rtb/db';
import type { AccountKind, ActivityEvent } from '@rtb/shared';
import { type AnyColumn, and, count, eq, getTableColumns, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accountNameOf } from '../../../core/account-name';
import { searchOf } from '../../../core/list';

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

const actorAccount = alias(accounts, 'actor_account');

const actorAdmin = alias(adminUsers, 'actor_admin');

const actorAgencyUser = alias(agencyUsers, 'actor_agency_user');

const actorAdvertiserUser = alias(advertiserUsers, 'actor_advertiser_user');

const impersonatorAccount = alias(accounts, 'impersonator_account');

const impersonatorAdmin = alias(adminUsers, 'impersonator_admin');

const impersonatorAgencyUser = alias(agencyUsers, 'impersonator_agency_user');

const impersonatorAdvertiserUser = alias(advertiserUsers, 'impersonator_advertiser_user');

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
  return db
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
      actorId: actorAccount.id,
      actorKind: actorAccount.kind,
      actorLogin: actorAccount.login,
      actorName: accountNameOf(actorAccount, actorAdmin, actorAgencyUser, actorAdvertiserUser),
      impersonatorId: impersonatorAccount.id,
      impersonatorKind: impersonatorAccount.kind,
      impersonatorLogin: impersonatorAccount.login,
      impersonatorName: accountNameOf(
        impersonatorAccount,
        impersonatorAdmin,
        impersonatorAgencyUser,
        impersonatorAdvertiserUser,
      ),
      agencyId: agencies.id,
      agencyName: agencies.name,
      advertiserId: advertisers.id,
      advertiserName: advertisers.name,
    })
    .from(page)
    .leftJoin(actorAccount, eq(actorAccount.id, page.actorAccountId))
    .leftJoin(actorAdmin, eq(actorAdmin.accountId, actorAccount.id))
    .leftJoin(actorAgencyUser, eq(actorAgencyUser.accountId, actorAccount.id))
    .leftJoin(actorAdvertiserUser, eq(actorAdvertiserUser.accountId, actorAccount.id))
    .leftJoin(impersonatorAccount, eq(impersonatorAccount.id, page.impersonatorAccountId))
    .leftJoin(impersonatorAdmin, eq(impersonatorAdmin.accountId, impersonatorAccount.id))
    .leftJoin(impersonatorAgencyUser, eq(impersonatorAgencyUser.accountId, impersonatorAccount.id))
    .leftJoin(impersonatorAdvertiserUser, eq(impersonatorAdvertiserUser.accountId, impersonatorAccount.id))
    .leftJoin(agencies, eq(agencies.id, page.agencyId))
    .leftJoin(advertisers, eq(advertisers.id, page.advertiserId))
    .orderBy(...newestFirst(page.createdAt, page.id));
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
  const person = (p: typeof agencyUsers | typeof advertiserUsers) => ({
    accountId: accounts.id,
    login: accounts.login,
    name: sql<string>`${p.firstName} || ' ' || ${p.lastName}`,
  });
  const advertisersUsers = db
    .select({ ...person(advertiserUsers), organisation: { id: advertisers.id, name: advertisers.name } })
    .from(advertiserUsers)
    .innerJoin(accounts, eq(accounts.id, advertiserUsers.accountId))
    .innerJoin(advertisers, eq(advertisers.id, advertiserUsers.advertiserId));
  if ('advertiserId' in scope)
    return advertisersUsers.where(eq(advertiserUsers.advertiserId, scope.advertiserId)).orderBy(accounts.id);
  const own = await db
    .select({ ...person(agencyUsers), organisation: { id: agencies.id, name: agencies.name } })
    .from(agencyUsers)
    .innerJoin(accounts, eq(accounts.id, agencyUsers.accountId))
    .innerJoin(agencies, eq(agencies.id, agencyUsers.agencyId))
    .where(eq(agencyUsers.agencyId, scope.agencyId))
    .orderBy(accounts.id);
  const ofAdvertisers = await advertisersUsers
    .where(eq(advertisers.agencyId, scope.agencyId))
    .orderBy(advertisers.name, advertisers.id, accounts.id);
  return [...own, ...ofAdvertisers];
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
  const name = accountNameOf(accounts, adminUsers, agencyUsers, advertiserUsers);
  const rows = await db
    .select({
      accountId: accounts.id,
      login: accounts.login,
      name,
      agencyId: agencies.id,
      agencyName: agencies.name,
      advertiserId: advertisers.id,
      advertiserName: advertisers.name,
    })
    .from(accounts)
    .leftJoin(adminUsers, eq(adminUsers.accountId, accounts.id))
    .leftJoin(agencyUsers, eq(agencyUsers.accountId, accounts.id))
    .leftJoin(advertiserUsers, eq(advertiserUsers.accountId, accounts.id))
    .leftJoin(agencies, eq(agencies.id, agencyUsers.agencyId))
    .leftJoin(advertisers, eq(advertisers.id, advertiserUsers.advertiserId))
    .where(
      and(
        query.accountId !== undefined ? eq(accounts.id, query.accountId) : undefined,
        searchOf(query.search, [accounts.login, name]),
      ),
    )
    .orderBy(sql`${adminUsers.id} is null`, accounts.login)
    .limit(limit);
  return rows.map((row) => ({
    accountId: row.accountId,
    login: row.login,
    name: row.name ?? row.login,
    organisation:
      row.advertiserId !== null
        ? { id: row.advertiserId, name: row.advertiserName ?? '' }
        : row.agencyId !== null
          ? { id: row.agencyId, name: row.agencyName ?? '' }
          : null,
  }));
}
