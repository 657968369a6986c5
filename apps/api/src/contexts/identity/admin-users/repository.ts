import { accounts, adminUsers, type Database, roles } from '@rtb/db';
import type { AdminUsersQuery } from '@rtb/shared';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import { limitOffset, orderOf, searchOf } from '../../../core/list';

/** An admin user's profile with its account and role, as one row. */
const adminUserColumns = {
  id: adminUsers.id,
  accountId: accounts.id,
  login: accounts.login,
  enabled: accounts.enabled,
  emailVerifiedAt: accounts.emailVerifiedAt,
  lastLoginAt: accounts.lastLoginAt,
  locale: accounts.locale,
  kind: accounts.kind,
  firstName: adminUsers.firstName,
  lastName: adminUsers.lastName,
  phone: adminUsers.phone,
  avatarColor: adminUsers.avatarColor,
  createdAt: adminUsers.createdAt,
  updatedAt: adminUsers.updatedAt,
  role: { id: roles.id, slug: roles.slug, name: roles.name },
};

const fullName = sql`lower(${adminUsers.firstName} || ' ' || ${adminUsers.lastName})`;
const sortColumns = {
  name: fullName,
  email: accounts.login,
  createdAt: adminUsers.createdAt,
} as const;

const selectAdminUsers = (db: Database) =>
  db
    .select(adminUserColumns)
    .from(adminUsers)
    .innerJoin(accounts, eq(accounts.id, adminUsers.accountId))
    .innerJoin(roles, eq(roles.id, adminUsers.roleId));

function listConditions(query: AdminUsersQuery): SQL | undefined {
  return and(
    searchOf(query.search, [
      adminUsers.firstName,
      adminUsers.lastName,
      sql`${adminUsers.firstName} || ' ' || ${adminUsers.lastName}`,
      accounts.login,
    ]),
    query.enabled === undefined ? undefined : eq(accounts.enabled, query.enabled),
    query.roleId === undefined ? undefined : eq(adminUsers.roleId, query.roleId),
  );
}

export async function listAdminUsers(db: Database, query: AdminUsersQuery) {
  const where = listConditions(query);
  const { limit, offset } = limitOffset(query);
  const rows = await selectAdminUsers(db)
    .where(where)
    .orderBy(...orderOf(sortColumns[query.sort], query.order, adminUsers.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(adminUsers)
    .innerJoin(accounts, eq(accounts.id, adminUsers.accountId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findAdminUser(db: Database, id: number) {
  const [row] = await selectAdminUsers(db).where(eq(adminUsers.id, id));
  return row ?? null;
}

export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findAdminUser>>>;

/** The admin user's profile, locked for the rest of the transaction (for changes). */
export async function lockAdminUser(db: Database, id: number): Promise<AdminUserRow | null> {
  const [row] = await selectAdminUsers(db)
    .where(eq(adminUsers.id, id))
    .for('update', { of: [adminUsers, accounts] });
  return row ?? null;
}

export async function findRole(db: Database, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row ?? null;
}

export async function insertAdminAccount(db: Database, values: { login: string; locale: string }) {
  const [row] = await db
    .insert(accounts)
    .values({ ...values, kind: 'admin', passwordHash: null })
    .returning();
  return row as typeof accounts.$inferSelect;
}

export async function insertAdminUser(
  db: Database,
  values: {
    accountId: number;
    roleId: number;
    firstName: string;
    lastName: string;
    phone: string | null;
    avatarColor: string;
  },
) {
  const [row] = await db.insert(adminUsers).values(values).returning();
  return row as typeof adminUsers.$inferSelect;
}

export async function updateAdminUser(
  db: Database,
  id: number,
  values: { firstName: string; lastName: string; phone: string | null; roleId: number },
): Promise<void> {
  await db.update(adminUsers).set(values).where(eq(adminUsers.id, id));
}

/** How many enabled admin users other than `exceptId` hold the role with this slug. */
export async function countOtherEnabledWithRole(
  db: Database,
  roleSlug: string,
  exceptId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminUsers)
    .innerJoin(accounts, eq(accounts.id, adminUsers.accountId))
    .innerJoin(roles, eq(roles.id, adminUsers.roleId))
    .where(
      and(
        eq(roles.slug, roleSlug),
        eq(roles.category, 'admin'),
        eq(accounts.enabled, true),
        ne(adminUsers.id, exceptId),
      ),
    );
  return row?.n ?? 0;
}
