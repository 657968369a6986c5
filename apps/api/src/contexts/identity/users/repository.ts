import { accounts, advertisers, advertiserUsers, agencies, agencyUsers, type Database, roles } from '@rtb/db';
import {
  type AccountKind,
  LOCAL_ADMIN_ROLE,
  type OrganisationKind,
  type PersonRef,
  type UserType,
} from '@rtb/shared';
import { type AnyColumn, and, asc, count, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { limitOffset, orderOf, searchOf } from '../../../core/list';
import type { OrganisationUsersFilter, UserScope } from './kinds';

/** The profile table, its organisation column and the organisation table of each kind. */
const tablesOf = {
  agency: {
    users: agencyUsers,
    organisationId: agencyUsers.agencyId,
    organisations: agencies,
    /** An agency has no agency above it. */
    parentAgencyId: sql<number | null>`null::bigint`,
  },
  advertiser: {
    users: advertiserUsers,
    organisationId: advertiserUsers.advertiserId,
    organisations: advertisers,
    parentAgencyId: advertisers.agencyId,
  },
};
type Tables = (typeof tablesOf)[OrganisationKind];

/**
 * The condition on the organisation table that keeps to the scope: an agency reaches its own
 * agency and the advertisers under it; an advertiser only itself (never an agency).
 */
function inScope(kind: OrganisationKind, scope: UserScope): SQL | undefined {
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

/** An organisation user's profile with its account, role and organisation, as one row. */
const columnsOf = (t: Tables) => ({
  id: t.users.id,
  accountId: accounts.id,
  login: accounts.login,
  enabled: accounts.enabled,
  emailVerifiedAt: accounts.emailVerifiedAt,
  lastLoginAt: accounts.lastLoginAt,
  locale: accounts.locale,
  firstName: t.users.firstName,
  lastName: t.users.lastName,
  phone: t.users.phone,
  avatarColor: t.users.avatarColor,
  type: t.users.type,
  createdAt: t.users.createdAt,
  updatedAt: t.users.updatedAt,
  role: { id: roles.id, slug: roles.slug, name: roles.name },
  organisation: { id: t.organisations.id, name: t.organisations.name, agencyId: t.parentAgencyId },
});

function selectUsers(db: Database, kind: OrganisationKind) {
  const t = tablesOf[kind];
  return db
    .select(columnsOf(t))
    .from(t.users)
    .innerJoin(accounts, eq(accounts.id, t.users.accountId))
    .innerJoin(roles, eq(roles.id, t.users.roleId))
    .innerJoin(t.organisations, eq(t.organisations.id, t.organisationId));
}

function listConditions(
  kind: OrganisationKind,
  scope: UserScope,
  filter: OrganisationUsersFilter,
): SQL | undefined {
  const t = tablesOf[kind];
  return and(
    inScope(kind, scope),
    searchOf(filter.search, [
      t.users.firstName,
      t.users.lastName,
      sql`${t.users.firstName} || ' ' || ${t.users.lastName}`,
      accounts.login,
    ]),
    filter.organisationId === undefined ? undefined : eq(t.organisationId, filter.organisationId),
    filter.enabled === undefined ? undefined : eq(accounts.enabled, filter.enabled),
    filter.type === undefined ? undefined : eq(t.users.type, filter.type),
    filter.roleId === undefined ? undefined : eq(t.users.roleId, filter.roleId),
  );
}

export async function listOrganisationUsers(
  db: Database,
  kind: OrganisationKind,
  scope: UserScope,
  filter: OrganisationUsersFilter,
) {
  const t = tablesOf[kind];
  const sortColumns = {
    name: sql`lower(${t.users.firstName} || ' ' || ${t.users.lastName})`,
    email: accounts.login,
    createdAt: t.users.createdAt,
    lastLoginAt: accounts.lastLoginAt,
  };
  const where = listConditions(kind, scope, filter);
  const { limit, offset } = limitOffset(filter);
  const rows = await selectUsers(db, kind)
    .where(where)
    .orderBy(...orderOf(sortColumns[filter.sort], filter.order, t.users.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(t.users)
    .innerJoin(accounts, eq(accounts.id, t.users.accountId))
    .innerJoin(t.organisations, eq(t.organisations.id, t.organisationId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The user, when the scope reaches their organisation; null otherwise. */
export async function findOrganisationUser(
  db: Database,
  kind: OrganisationKind,
  id: number,
  scope: UserScope,
) {
  const [row] = await selectUsers(db, kind).where(and(eq(tablesOf[kind].users.id, id), inScope(kind, scope)));
  return row ?? null;
}

export type OrganisationUserRow = NonNullable<Awaited<ReturnType<typeof findOrganisationUser>>>;

/** The user's profile and account, locked for the rest of the transaction (for changes). */
export async function lockOrganisationUser(
  db: Database,
  kind: OrganisationKind,
  id: number,
  scope: UserScope,
): Promise<OrganisationUserRow | null> {
  const t = tablesOf[kind];
  const [row] = await selectUsers(db, kind)
    .where(and(eq(t.users.id, id), inScope(kind, scope)))
    .for('update', { of: [t.users, accounts] });
  return row ?? null;
}

/** The organisation's name and, for an advertiser, its agency; null when there is none in the scope. */
export async function findOrganisation(db: Database, kind: OrganisationKind, id: number, scope: UserScope) {
  const t = tablesOf[kind];
  const [row] = await db
    .select({ id: t.organisations.id, name: t.organisations.name, agencyId: t.parentAgencyId })
    .from(t.organisations)
    .where(and(eq(t.organisations.id, id), inScope(kind, scope)));
  return row ?? null;
}

/**
 * Locks the organisation's row: changes that could leave it without an administrator take
 * turns, so two of them cannot each count on the other's user.
 */
export async function lockOrganisation(db: Database, kind: OrganisationKind, id: number): Promise<void> {
  const t = tablesOf[kind];
  await db
    .select({ id: t.organisations.id })
    .from(t.organisations)
    .where(eq(t.organisations.id, id))
    .for('update');
}

export async function findRole(db: Database, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row ?? null;
}

export async function updateOrganisationUser(
  db: Database,
  kind: OrganisationKind,
  id: number,
  values: { firstName: string; lastName: string; phone: string | null; roleId: number; type: UserType },
): Promise<void> {
  const t = tablesOf[kind];
  await db.update(t.users).set(values).where(eq(t.users.id, id));
}

/** The users who keep an organisation administrable: enabled, default type, local role admin. */
function organisationAdmins(kind: OrganisationKind, organisationId: number) {
  const t = tablesOf[kind];
  return and(
    eq(t.organisationId, organisationId),
    eq(t.users.type, 'default'),
    eq(accounts.enabled, true),
    eq(roles.slug, LOCAL_ADMIN_ROLE),
    eq(roles.category, kind),
  );
}

/** How many of the organisation's administrators there are besides the user `exceptId`. */
export async function countOtherOrganisationAdmins(
  db: Database,
  kind: OrganisationKind,
  organisationId: number,
  exceptId: number,
): Promise<number> {
  const t = tablesOf[kind];
  const [row] = await db
    .select({ n: count() })
    .from(t.users)
    .innerJoin(accounts, eq(accounts.id, t.users.accountId))
    .innerJoin(roles, eq(roles.id, t.users.roleId))
    .where(and(organisationAdmins(kind, organisationId), ne(t.users.id, exceptId)));
  return row?.n ?? 0;
}

/** The organisation's first administrator who has activated their account, or null. */
export async function findOldestActiveAdminId(
  db: Database,
  kind: OrganisationKind,
  organisationId: number,
): Promise<number | null> {
  const t = tablesOf[kind];
  const [row] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .innerJoin(accounts, eq(accounts.id, t.users.accountId))
    .innerJoin(roles, eq(roles.id, t.users.roleId))
    .where(and(organisationAdmins(kind, organisationId), isNotNull(accounts.emailVerifiedAt)))
    .orderBy(asc(t.users.createdAt), asc(t.users.id))
    .limit(1);
  return row?.id ?? null;
}

/** The organisation's enabled users with what a mail to them needs, oldest first. */
export async function findEnabledUsers(db: Database, kind: OrganisationKind, organisationId: number) {
  const t = tablesOf[kind];
  return db
    .select({
      accountId: accounts.id,
      email: accounts.login,
      locale: accounts.locale,
      firstName: t.users.firstName,
    })
    .from(t.users)
    .innerJoin(accounts, eq(accounts.id, t.users.accountId))
    .where(and(eq(t.organisationId, organisationId), eq(accounts.enabled, true)))
    .orderBy(asc(t.users.createdAt), asc(t.users.id));
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

interface ProfileValues {
  accountId: number;
  roleId: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  avatarColor: string;
}

export async function insertAgencyUser(
  db: Database,
  values: ProfileValues & { agencyId: number; type: UserType },
) {
  const [row] = await db.insert(agencyUsers).values(values).returning();
  return row as typeof agencyUsers.$inferSelect;
}

export async function insertAdvertiserUser(
  db: Database,
  values: ProfileValues & { advertiserId: number; type: UserType },
) {
  const [row] = await db.insert(advertiserUsers).values(values).returning();
  return row as typeof advertiserUsers.$inferSelect;
}

/**
 * The account in `accountId` as a JSON person `{id, name, email}`, or null: the name is the
 * first and last name of its profile, else its login. A correlated subquery, for list pages.
 */
export const personOf = (accountId: AnyColumn | SQL) => sql<PersonRef | null>`(
  select json_build_object(
    'id', person.id,
    'name', coalesce(
      person_admin.first_name || ' ' || person_admin.last_name,
      person_agency.first_name || ' ' || person_agency.last_name,
      person_advertiser.first_name || ' ' || person_advertiser.last_name,
      person.login
    ),
    'email', person.login
  )
  from accounts person
  left join admin_users person_admin on person_admin.account_id = person.id
  left join agency_users person_agency on person_agency.account_id = person.id
  left join advertiser_users person_advertiser on person_advertiser.account_id = person.id
  where person.id = ${accountId}
)`;
