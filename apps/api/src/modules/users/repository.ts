import { accounts, advertiserUsers, agencyUsers, type Database, roles } from '@rtb/db';
import type { AccountKind, UserType } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';

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
