import {
  accounts,
  adminUsers,
  advertisers,
  advertiserUsers,
  agencies,
  agencyUsers,
  type Database,
  roles,
} from '@rtb/db';
import {
  type AccountKind,
  LOCAL_ADMIN_ROLE,
  type OrganisationKind,
  type PersonRef,
  type UserType,
} from '@rtb/shared';
import { type AnyColumn, and, asc, count, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { accountNameOf } from '../../../core/account-name';
import { columnSubquery } from '../../../core/column-subquery';
import { limitOffset, orderOf, searchOf } from '../../../core/list';
import type { UserScope, UsersFilter } from './kinds';

/**
 * The profile table of each kind, its type column and its organisation: the profile's column
 * naming it, its table and the agency above it. Admin users have neither a type nor an
 * organisation.
 */
const tablesOf = {
  admin: { users: adminUsers, type: null, organisation: null },
  agency: {
    users: agencyUsers,
    type: agencyUsers.type,
    organisation: {
      id: agencyUsers.agencyId,
      table: agencies,
      /** An agency has no agency above it. */
      parentAgencyId: sql<number | null>`null::bigint`,
    },
  },
  advertiser: {
    users: advertiserUsers,
    type: advertiserUsers.type,
    organisation: {
      id: advertiserUsers.advertiserId,
      table: advertisers,
      parentAgencyId: advertisers.agencyId,
    },
  },
};

/**
 * The condition that keeps to the scope: an agency reaches its own agency and the advertisers
 * under it; an advertiser only itself (never an agency); admin users are reached only by the
 * scope of every organisation.
 */
function inScope(kind: AccountKind, scope: UserScope): SQL | undefined {
  if (kind === 'admin')
    return scope.agencyId === undefined && scope.advertiserId === undefined ? undefined : sql`false`;
  if (kind === 'agency')
    return and(
      scope.agencyId === undefined ? undefined : eq(agencies.id, scope.agencyId),
      scope.advertiserId === undefined ? undefined : sql`false`,
    );
  return and(
    scope.agencyId === undefined ? undefined : eq(advertisers.agencyId, scope.agencyId),
    scope.advertiserId === undefined ? undefined : eq(advertisers.id, scope.advertiserId),
  );
}

/** A user's profile with its account, role and organisation (null for admins), as one row. */
function selectUsers(db: Database, kind: AccountKind) {
  const { users, type, organisation } = tablesOf[kind];
  const query = db
    .select({
      id: users.id,
      accountId: accounts.id,
      login: accounts.login,
      enabled: accounts.enabled,
      emailVerifiedAt: accounts.emailVerifiedAt,
      lastLoginAt: accounts.lastLoginAt,
      locale: accounts.locale,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      avatarColor: users.avatarColor,
      type: type ?? sql<UserType | null>`null`,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      role: { id: roles.id, slug: roles.slug, name: roles.name },
      organisation: organisation
        ? { id: organisation.table.id, name: organisation.table.name, agencyId: organisation.parentAgencyId }
        : sql<null>`null`,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .$dynamic();
  return organisation
    ? query.innerJoin(organisation.table, eq(organisation.table.id, organisation.id))
    : query;
}

/** The list's conditions; admin users have no organisation or type to filter by. */
function listConditions(kind: AccountKind, scope: UserScope, filter: UsersFilter): SQL | undefined {
  const { users, type, organisation } = tablesOf[kind];
  return and(
    inScope(kind, scope),
    searchOf(filter.search, [
      users.firstName,
      users.lastName,
      sql`${users.firstName} || ' ' || ${users.lastName}`,
      accounts.login,
    ]),
    filter.organisationId === undefined || !organisation
      ? undefined
      : eq(organisation.id, filter.organisationId),
    filter.enabled === undefined ? undefined : eq(accounts.enabled, filter.enabled),
    filter.type === undefined || !type ? undefined : eq(type, filter.type),
    filter.roleId === undefined ? undefined : eq(users.roleId, filter.roleId),
  );
}

/** One page of the users of the kind in the scope, and how many match in all. */
export async function listUsers(db: Database, kind: AccountKind, scope: UserScope, filter: UsersFilter) {
  const { users, organisation } = tablesOf[kind];
  const sortColumns = {
    name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
    email: accounts.login,
    createdAt: users.createdAt,
    lastLoginAt: accounts.lastLoginAt,
  };
  const where = listConditions(kind, scope, filter);
  const { limit, offset } = limitOffset(filter);
  const rows = await selectUsers(db, kind)
    .where(where)
    .orderBy(...orderOf(sortColumns[filter.sort], filter.order, users.id))
    .limit(limit)
    .offset(offset);
  const counted = db
    .select({ n: count() })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .$dynamic();
  const [total] = await (organisation
    ? counted.innerJoin(organisation.table, eq(organisation.table.id, organisation.id))
    : counted
  ).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The user, when the scope reaches them; null otherwise. */
export async function findUser(db: Database, kind: AccountKind, id: number, scope: UserScope) {
  const [row] = await selectUsers(db, kind).where(and(eq(tablesOf[kind].users.id, id), inScope(kind, scope)));
  return row ?? null;
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** The user's profile and account, locked for the rest of the transaction (for changes). */
export async function lockUser(
  db: Database,
  kind: AccountKind,
  id: number,
  scope: UserScope,
): Promise<UserRow | null> {
  const { users } = tablesOf[kind];
  const [row] = await selectUsers(db, kind)
    .where(and(eq(users.id, id), inScope(kind, scope)))
    .for('update', { of: [users, accounts] });
  return row ?? null;
}

/** The organisation's name and, for an advertiser, its agency; null when there is none in the scope. */
export async function findOrganisation(db: Database, kind: OrganisationKind, id: number, scope: UserScope) {
  const { table, parentAgencyId } = tablesOf[kind].organisation;
  const [row] = await db
    .select({ id: table.id, name: table.name, agencyId: parentAgencyId })
    .from(table)
    .where(and(eq(table.id, id), inScope(kind, scope)));
  return row ?? null;
}

/**
 * Locks the organisation's row: changes that could leave it without an administrator take
 * turns, so two of them cannot each count on the other's user.
 */
export async function lockOrganisation(db: Database, kind: OrganisationKind, id: number): Promise<void> {
  const { table } = tablesOf[kind].organisation;
  await db.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
}

export async function findRole(db: Database, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row ?? null;
}

export async function findRoleId(db: Database, category: AccountKind, slug: string): Promise<number> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.category, category), eq(roles.slug, slug)));
  if (!row) throw new Error(`Role ${category}/${slug} is missing; run the reference seed.`);
  return row.id;
}

export async function insertAccount(
  db: Database,
  values: { login: string; kind: AccountKind; passwordHash: string | null; locale: string },
) {
  const [row] = await db.insert(accounts).values(values).returning();
  return row as typeof accounts.$inferSelect;
}

/** Where a new user belongs: admin users nowhere, the others in their organisation. */
export type Membership =
  | { kind: 'admin' }
  | { kind: 'agency'; agencyId: number }
  | { kind: 'advertiser'; advertiserId: number };

interface ProfileValues {
  accountId: number;
  roleId: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  avatarColor: string;
  /** Agency and advertiser users only. */
  type?: UserType;
}

/** The new user's profile in the table of their kind. */
export async function insertProfile(db: Database, membership: Membership, values: ProfileValues) {
  const { type, ...profile } = values;
  switch (membership.kind) {
    case 'admin':
      return (await db.insert(adminUsers).values(profile).returning())[0] as typeof adminUsers.$inferSelect;
    case 'agency':
      return (
        await db
          .insert(agencyUsers)
          .values({ ...profile, type, agencyId: membership.agencyId })
          .returning()
      )[0] as typeof agencyUsers.$inferSelect;
    case 'advertiser':
      return (
        await db
          .insert(advertiserUsers)
          .values({ ...profile, type, advertiserId: membership.advertiserId })
          .returning()
      )[0] as typeof advertiserUsers.$inferSelect;
  }
}

/** Names, phone and role; the type too for agency and advertiser users. */
export async function updateProfile(
  db: Database,
  kind: AccountKind,
  id: number,
  values: { firstName: string; lastName: string; phone: string | null; roleId: number; type?: UserType },
): Promise<void> {
  const { users } = tablesOf[kind];
  await db.update(users).set(values).where(eq(users.id, id));
}

/**
 * The users who keep the platform or an organisation administrable: enabled, with the local role
 * admin of the kind and, in an organisation, of the default type.
 */
function administrators(kind: AccountKind, organisationId: number | undefined) {
  const { type, organisation } = tablesOf[kind];
  return and(
    organisation && organisationId !== undefined ? eq(organisation.id, organisationId) : undefined,
    type ? eq(type, 'default') : undefined,
    eq(accounts.enabled, true),
    eq(roles.slug, LOCAL_ADMIN_ROLE),
    eq(roles.category, kind),
  );
}

/** How many administrators of the platform or the organisation there are besides the user `exceptId`. */
export async function countOtherAdministrators(
  db: Database,
  kind: AccountKind,
  organisationId: number | undefined,
  exceptId: number,
): Promise<number> {
  const { users } = tablesOf[kind];
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(administrators(kind, organisationId), ne(users.id, exceptId)));
  return row?.n ?? 0;
}

/** The organisation's first administrator who has activated their account, or null. */
export async function findOldestActiveAdminId(
  db: Database,
  kind: OrganisationKind,
  organisationId: number,
): Promise<number | null> {
  const { users } = tablesOf[kind];
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(administrators(kind, organisationId), isNotNull(accounts.emailVerifiedAt)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row?.id ?? null;
}

/** The organisation's enabled users with what a mail to them needs, oldest first. */
export async function findEnabledUsers(db: Database, kind: OrganisationKind, organisationId: number) {
  const { users, organisation } = tablesOf[kind];
  return db
    .select({
      accountId: accounts.id,
      email: accounts.login,
      locale: accounts.locale,
      firstName: users.firstName,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(organisation.id, organisationId), eq(accounts.enabled, true)))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/** Whose name a list shows for an account: its profile's first and last name, else its login. */
const personName = sql.raw(`coalesce(
  person_admin.first_name || ' ' || person_admin.last_name,
  person_agency.first_name || ' ' || person_agency.last_name,
  person_advertiser.first_name || ' ' || person_advertiser.last_name,
  person.login
)`);

/** The name of an agency or advertiser user: none for an admin, nor for an account without a profile. */
const organisationUserName = sql.raw(`coalesce(
  person_agency.first_name || ' ' || person_agency.last_name,
  person_advertiser.first_name || ' ' || person_advertiser.last_name
)`);

/** The account in `accountId` with its profile, as the FROM of a correlated subquery. */
const personFrom = (accountId: AnyColumn | SQL) => sql`from accounts person
  left join admin_users person_admin on person_admin.account_id = person.id
  left join agency_users person_agency on person_agency.account_id = person.id
  left join advertiser_users person_advertiser on person_advertiser.account_id = person.id
  where person.id = ${accountId}`;

/**
 * The account in `accountId` as a JSON person `{id, name, email}`, or null. A correlated
 * subquery, for list pages: other contexts name people without reading identity's tables.
 */
export const personOf = (accountId: AnyColumn | SQL) =>
  columnSubquery<PersonRef | null>(
    sql`select json_build_object('id', person.id, 'name', ${personName}, 'email', person.login) ${personFrom(accountId)}`,
  );

/** The account in `accountId` as `{id, name}`, or null. */
export const personRefOf = (accountId: AnyColumn | SQL) =>
  columnSubquery<{ id: number; name: string } | null>(
    sql`select json_build_object('id', person.id, 'name', ${personName}) ${personFrom(accountId)}`,
  );

/** The name of the account in `accountId`, or null. */
export const personNameOf = (accountId: AnyColumn | SQL) =>
  columnSubquery<string | null>(sql`select ${personName} ${personFrom(accountId)}`);

/** The account in `accountId` as `{id, kind, login, name}`, or null: who did something, in a log. */
export const accountRefOf = (accountId: AnyColumn | SQL) =>
  columnSubquery<{ id: number; kind: AccountKind; login: string; name: string } | null>(
    sql`select json_build_object('id', person.id, 'kind', person.kind, 'login', person.login, 'name', ${personName}) ${personFrom(accountId)}`,
  );

/** The profile table of an organisation's users, and its column naming the organisation. */
const organisationUsersTable = {
  agency: { users: sql.raw('agency_users'), organisationId: sql.raw('agency_id') },
  advertiser: { users: sql.raw('advertiser_users'), organisationId: sql.raw('advertiser_id') },
};

/** The first and last name on the account's agency (or advertiser) user profile, or null. */
export const profileNameOf = (kind: OrganisationKind, accountId: AnyColumn | SQL) =>
  columnSubquery<string | null>(
    sql`select profile.first_name || ' ' || profile.last_name from ${organisationUsersTable[kind].users} profile where profile.account_id = ${accountId}`,
  );

/**
 * The name of the account's agency or advertiser user, or null: an admin, or an account without
 * a profile, has none (its login is not a name here).
 */
export const organisationUserNameOf = (accountId: AnyColumn | SQL) =>
  columnSubquery<string | null>(sql`select ${organisationUserName} ${personFrom(accountId)}`);

/** The login of the account in `accountId`, or null. */
export const loginOf = (accountId: AnyColumn | SQL) =>
  columnSubquery<string | null>(sql`select person.login from accounts person where person.id = ${accountId}`);

/** An organisation's user as another context's row names it: `name` and `firstName` null without a profile. */
export interface OrganisationUserRef {
  id: number;
  login: string;
  locale: string;
  name: string | null;
  firstName: string | null;
}

/** The account in `accountId` with its agency or advertiser user's name (null for any other), or null. */
export const organisationUserOf = (accountId: AnyColumn | SQL) =>
  columnSubquery<OrganisationUserRef | null>(
    sql`select json_build_object('id', person.id, 'login', person.login, 'locale', person.locale, 'name', ${organisationUserName}, 'firstName', coalesce(person_agency.first_name, person_advertiser.first_name)) ${personFrom(accountId)}`,
  );

/** The admin user of the account in `accountId` as `{id, firstName, lastName}` (`id`: the account's), or null. */
export const adminUserOf = (accountId: AnyColumn | SQL) =>
  columnSubquery<{ id: number; firstName: string; lastName: string } | null>(
    sql`select json_build_object('id', admin.account_id, 'firstName', admin.first_name, 'lastName', admin.last_name) from admin_users admin where admin.account_id = ${accountId}`,
  );

/**
 * The users of the organisation in `organisationId` as a JSON array of `{accountId, login, name}`
 * by account, empty without any: the organisations' lists of whom their log can be filtered by.
 */
export const organisationUsersOf = (kind: OrganisationKind, organisationId: AnyColumn | SQL) => {
  const { users, organisationId: column } = organisationUsersTable[kind];
  return columnSubquery<{ accountId: number; login: string; name: string }[]>(
    sql`select coalesce(json_agg(json_build_object('accountId', person.id, 'login', person.login, 'name', profile.first_name || ' ' || profile.last_name) order by person.id), '[]'::json) from ${users} profile join accounts person on person.id = profile.account_id where profile.${column} = ${organisationId}`,
  );
};

/**
 * Accounts found by login or name (any profile's, else the login), or the one with `accountId`:
 * at most `limit`, admins first, then by login, with the organisation of an agency or advertiser
 * user. Whose log rows an admin wants to see.
 */
export async function searchAccounts(
  db: Database,
  query: { search?: string; accountId?: number },
  limit: number,
) {
  const name = accountNameOf(accounts, adminUsers, agencyUsers, advertiserUsers);
  return db
    .select({
      accountId: accounts.id,
      login: accounts.login,
      name,
      agencyId: agencyUsers.agencyId,
      advertiserId: advertiserUsers.advertiserId,
    })
    .from(accounts)
    .leftJoin(adminUsers, eq(adminUsers.accountId, accounts.id))
    .leftJoin(agencyUsers, eq(agencyUsers.accountId, accounts.id))
    .leftJoin(advertiserUsers, eq(advertiserUsers.accountId, accounts.id))
    .where(
      and(
        query.accountId !== undefined ? eq(accounts.id, query.accountId) : undefined,
        searchOf(query.search, [accounts.login, name]),
      ),
    )
    .orderBy(sql`${adminUsers.id} is null`, accounts.login)
    .limit(limit);
}
