import { accounts, advertiserUsers, agencyUsers, type Database, roles } from '@rtb/db';
import type { AccountKind, PersonRef, UserType } from '@rtb/shared';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';

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
