import {
  adminUsers,
  advertiserUsers,
  agencyUsers,
  type Database,
  permissions,
  rolePermissions,
  roles,
} from '@rtb/db';
import type { AccountKind, PermissionMode, RolesQuery } from '@rtb/shared';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { limitOffset, orderOf, searchOf } from '../../../core/list';

const roleColumns = {
  id: roles.id,
  slug: roles.slug,
  name: roles.name,
  category: roles.category,
  editable: roles.editable,
};

const sortColumns = { category: roles.category, name: sql`lower(${roles.name})` } as const;

/** The permissions the roles grant, in catalogue order. */
async function grantsOf(db: Database, roleIds: number[]) {
  if (!roleIds.length) return [];
  return db
    .select({
      id: rolePermissions.id,
      permissionId: rolePermissions.permissionId,
      roleId: rolePermissions.roleId,
      mode: rolePermissions.mode,
      group: permissions.group,
      resource: permissions.resource,
    })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds))
    .orderBy(asc(permissions.id));
}

type RoleColumns = { id: number; slug: string; name: string; category: AccountKind; editable: boolean };

async function withGrants(db: Database, rows: RoleColumns[]) {
  const grants = await grantsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((role) => ({ ...role, permissions: grants.filter((g) => g.roleId === role.id) }));
}

export type RoleRow = Awaited<ReturnType<typeof withGrants>>[number];

export async function listRoles(db: Database, query: RolesQuery) {
  const where = and(
    query.category ? eq(roles.category, query.category) : undefined,
    searchOf(query.search, [roles.name, roles.slug]),
  );
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select(roleColumns)
    .from(roles)
    .where(where)
    .orderBy(...orderOf(sortColumns[query.sort], query.order, roles.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(roles).where(where);
  return { rows: await withGrants(db, rows), total: total?.n ?? 0 };
}

export async function findRole(db: Database, id: number): Promise<RoleRow | null> {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
  return row ? ((await withGrants(db, [row]))[0] ?? null) : null;
}

/** The role, locked for the rest of the transaction: no user is given it meanwhile. */
export async function lockRole(db: Database, id: number): Promise<RoleRow | null> {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id)).for('update');
  return row ? ((await withGrants(db, [row]))[0] ?? null) : null;
}

/** Whether another role of the category has this name (case-insensitive). */
export async function nameTaken(
  db: Database,
  category: AccountKind,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.category, category),
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(roles.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Slugs of the category that are `base` or `base-<n>`. */
export async function slugsLike(db: Database, category: AccountKind, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: roles.slug })
    .from(roles)
    .where(
      and(
        eq(roles.category, category),
        sql`(${roles.slug} = ${base} or ${roles.slug} ~ ${`^${base}-[0-9]+$`})`,
      ),
    );
  return rows.map((r) => r.slug);
}

/** Inserts an editable role; null when the slug was taken meanwhile. */
export async function insertRole(
  db: Database,
  values: { category: AccountKind; slug: string; name: string },
): Promise<number | null> {
  const [row] = await db
    .insert(roles)
    .values({ ...values, editable: true })
    .onConflictDoNothing()
    .returning({ id: roles.id });
  return row?.id ?? null;
}

export async function updateRoleName(db: Database, id: number, name: string): Promise<void> {
  await db.update(roles).set({ name }).where(eq(roles.id, id));
}

/** The role grants exactly these permissions from now on. */
export async function replaceRolePermissions(
  db: Database,
  roleId: number,
  grants: { permissionId: number; mode: PermissionMode }[],
): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (grants.length) await db.insert(rolePermissions).values(grants.map((g) => ({ roleId, ...g })));
}

/** How many admin, agency and advertiser users have the role. */
export async function countRoleUsers(db: Database, roleId: number): Promise<number> {
  let total = 0;
  for (const table of [adminUsers, agencyUsers, advertiserUsers]) {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.roleId, roleId));
    total += row?.n ?? 0;
  }
  return total;
}

export async function deleteRole(db: Database, id: number): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}

/** The permission catalogue rows, of one category or all, in catalogue order. */
export function listPermissions(db: Database, category?: AccountKind) {
  const where: SQL | undefined = category ? eq(permissions.category, category) : undefined;
  return db
    .select({
      id: permissions.id,
      category: permissions.category,
      group: permissions.group,
      resource: permissions.resource,
    })
    .from(permissions)
    .where(where)
    .orderBy(asc(permissions.category), asc(permissions.id));
}
