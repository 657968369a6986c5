import { accounts, adminUsers, hashPassword, roles } from '@rtb/db';
import { avatarColorFor } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';

/** A verified admin with the seeded role `slug` (e.g. the read-only `viewer`); returns a token. */
export async function adminWithRole(t: TestApp, slug: string, login: string): Promise<string> {
  const db = t.database.db;
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.category, 'admin'), eq(roles.slug, slug)));
  if (!role) throw new Error(`no admin role ${slug}`);
  const password = 'quiet-harbour-42';
  const [account] = await db
    .insert(accounts)
    .values({ login, kind: 'admin', passwordHash: await hashPassword(password), emailVerifiedAt: new Date() })
    .returning({ id: accounts.id });
  if (!account) throw new Error('no account');
  await db.insert(adminUsers).values({
    accountId: account.id,
    roleId: role.id,
    firstName: 'Vera',
    lastName: 'Viewer',
    avatarColor: avatarColorFor(login),
  });
  return t.loginAs('admin', login, password);
}
