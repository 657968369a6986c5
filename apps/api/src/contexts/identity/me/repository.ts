import { accounts, adminUsers, advertiserUsers, agencyUsers, type Database } from '@rtb/db';
import type { AccountKind } from '@rtb/shared';
import { eq } from 'drizzle-orm';

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

export async function findPasswordHash(db: Database, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ hash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.hash ?? null;
}
