import { authTokens, type Database } from '@rtb/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

/**
 * Uses up a live download link of the path: it works once. Returns the session token it was
 * made from, or null (unknown, used, expired, or made for another path).
 */
export async function useDownloadLink(db: Database, tokenHash: string, path: string): Promise<number | null> {
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
