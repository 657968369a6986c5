import { accounts, advertisers, advertiserUsers, agencies, agencyUsers, hashPassword, roles } from '@rtb/db';
import { avatarColorFor, type OrganisationKind, type UserType } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';

const PASSWORD = 'quiet-harbour-47';

/** The id of a seeded (or test-made) role of the kind by its slug. */
export async function roleId(t: TestApp, kind: OrganisationKind, slug: string): Promise<number> {
  const [role] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.category, kind), eq(roles.slug, slug)));
  if (!role) throw new Error(`no ${kind} role ${slug}`);
  return role.id;
}

/** The id of a demo (or test-made) agency or advertiser by its name. */
export async function organisationId(t: TestApp, kind: OrganisationKind, name: string): Promise<number> {
  const table = kind === 'agency' ? agencies : advertisers;
  const [row] = await t.database.db
    .select({ id: table.id })
    .from(table as typeof agencies)
    .where(eq(table.name, name));
  if (!row) throw new Error(`no ${kind} ${name}`);
  return row.id;
}

/**
 * A verified, signed-in user of the organisation with the role (by slug) and type; returns the
 * token and the account id.
 */
export async function organisationUser(
  t: TestApp,
  kind: OrganisationKind,
  organisation: number,
  options: { login: string; role?: string; type?: UserType; firstName?: string; lastName?: string },
): Promise<{ token: string; accountId: number }> {
  const db = t.database.db;
  const [account] = await db
    .insert(accounts)
    .values({
      login: options.login,
      kind,
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error('no account');
  const profile = {
    accountId: account.id,
    roleId: await roleId(t, kind, options.role ?? 'admin'),
    type: options.type ?? 'default',
    firstName: options.firstName ?? 'Tess',
    lastName: options.lastName ?? 'Tester',
    avatarColor: avatarColorFor(options.login),
  };
  if (kind === 'agency') await db.insert(agencyUsers).values({ ...profile, agencyId: organisation });
  else await db.insert(advertiserUsers).values({ ...profile, advertiserId: organisation });
  return { token: await t.loginAs(kind, options.login, PASSWORD), accountId: account.id };
}
