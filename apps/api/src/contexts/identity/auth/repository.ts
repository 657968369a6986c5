import {
  accounts,
  adminUsers,
  advertiserUsers,
  agencyUsers,
  authTokens,
  type Database,
  type TokenPurpose,
} from '@rtb/db';
import type { AccountKind } from '@rtb/shared';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';

export type Account = typeof accounts.$inferSelect;

export async function findAccountByLogin(
  db: Database,
  login: string,
  kind?: AccountKind,
): Promise<Account | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(kind ? and(eq(accounts.login, login), eq(accounts.kind, kind)) : eq(accounts.login, login));
  return row ?? null;
}

export async function findAccountById(db: Database, id: number): Promise<Account | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row ?? null;
}

/** First name of whichever profile the account has, for greetings in mails. */
export async function findProfileNames(db: Database, accountId: number) {
  const [row] = await db
    .select({
      firstName: sql<string>`coalesce(${adminUsers.firstName}, ${agencyUsers.firstName}, ${advertiserUsers.firstName}, '')`,
      lastName: sql<string>`coalesce(${adminUsers.lastName}, ${agencyUsers.lastName}, ${advertiserUsers.lastName}, '')`,
    })
    .from(accounts)
    .leftJoin(adminUsers, eq(adminUsers.accountId, accounts.id))
    .leftJoin(agencyUsers, eq(agencyUsers.accountId, accounts.id))
    .leftJoin(advertiserUsers, eq(advertiserUsers.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  return row ?? { firstName: '', lastName: '' };
}

export async function updateAccount(
  db: Database,
  id: number,
  values: Partial<Pick<Account, 'passwordHash' | 'emailVerifiedAt' | 'lastLoginAt' | 'locale' | 'enabled'>>,
): Promise<void> {
  await db.update(accounts).set(values).where(eq(accounts.id, id));
}

export async function insertToken(
  db: Database,
  token: {
    accountId: number;
    purpose: TokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    sourceTokenId?: number | null;
    path?: string | null;
    createdIp?: string | null;
    userAgent?: string | null;
  },
): Promise<number> {
  const [row] = await db.insert(authTokens).values(token).returning({ id: authTokens.id });
  return (row as { id: number }).id;
}

/** A live one-time token of the given purpose, locked so it can be used only once. */
export async function findLiveToken(db: Database, tokenHash: string, purpose: TokenPurpose) {
  const [row] = await db
    .select({ id: authTokens.id, accountId: authTokens.accountId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function revokeToken(db: Database, id: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.id, id), isNull(authTokens.revokedAt)));
}

/** Revokes an account's live tokens of one purpose, except `keepId`. */
export async function revokeAccountTokens(
  db: Database,
  accountId: number,
  purpose: TokenPurpose,
  keepId?: number,
): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(authTokens.accountId, accountId),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.revokedAt),
        keepId === undefined ? undefined : ne(authTokens.id, keepId),
      ),
    );
}

/**
 * Uses up a live download link of the path: it works once. Returns the session token it was
 * made from, or null (unknown, used, expired, or made for another path).
 */
export async function useDownloadToken(
  db: Database,
  tokenHash: string,
  path: string,
): Promise<number | null> {
  const [row] = await db
    .update(authTokens)
    .set({ revokedAt: sql`now()`, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, 'download'),
        eq(authTokens.path, path),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ sourceTokenId: authTokens.sourceTokenId });
  return row?.sourceTokenId ?? null;
}
