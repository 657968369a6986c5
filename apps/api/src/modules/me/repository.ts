import { accounts, adminUsers, advertiserUsers, agencyUsers, type Database, locales } from '@rtb/db';
import type { AccountKind } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';

const profileTables = { admin: adminUsers, agency: agencyUsers, advertiser: advertiserUsers } as const;

export async function updateOwnProfile(
  db: Database,
  kind: AccountKind,
  accountId: number,
  values: { firstName: string; lastName: string; phone: string | null },
): Promise<void> {
  const table = profileTables[kind];
  await db.update(table).set(values).where(eq(table.accountId, accountId));
}

export async function updateAccountLocale(db: Database, accountId: number, locale: string): Promise<void> {
  await db.update(accounts).set({ locale }).where(eq(accounts.id, accountId));
}

export async function isEnabledLocale(db: Database, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: locales.id })
    .from(locales)
    .where(and(eq(locales.code, code), eq(locales.enabled, true)));
  return rows.length > 0;
}

export async function findPasswordHash(db: Database, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ hash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.hash ?? null;
}
