import { type Database, idempotencyKeys } from '@rtb/db';
import { and, eq } from 'drizzle-orm';

/**
 * Claims the key for this transaction: true when it is new. A concurrent claim of the same key
 * waits here until the first transaction ends; it then finds the first one's row (committed)
 * or claims the key itself (rolled back).
 */
export async function claimKey(
  db: Database,
  accountId: number,
  key: string,
  fingerprint: string,
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ accountId, key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findKey(db: Database, accountId: number, key: string) {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

export async function saveResponse(
  db: Database,
  accountId: number,
  key: string,
  response: { status: number; body: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: response.status, responseBody: response.body })
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
}
