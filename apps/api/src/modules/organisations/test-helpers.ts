import { activityLogs, ledgerAccounts, ledgerEntries } from '@rtb/db';
import type { LedgerAccountPurpose } from '@rtb/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../test/harness';

/**
 * Money movements written straight into the ledger (postings come with the payments feature):
 * an account of the organisation with the purpose, holding these entries.
 */
export async function postEntries(
  t: TestApp,
  owner: { agencyId: number } | { advertiserId: number },
  purpose: LedgerAccountPurpose,
  currencyId: number,
  amounts: number[],
): Promise<void> {
  const [account] = await t.database.db
    .insert(ledgerAccounts)
    .values({ ...owner, purpose, currencyId })
    .returning({ id: ledgerAccounts.id });
  if (!account) throw new Error('no ledger account');
  if (amounts.length)
    await t.database.db
      .insert(ledgerEntries)
      .values(amounts.map((amount) => ({ ledgerAccountId: account.id, amount })));
}

/** The activity-log rows of one entity, oldest first. */
export function activityOf(t: TestApp, entityType: string, entityId: number) {
  return t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityType, entityType), eq(activityLogs.entityId, String(entityId))))
    .orderBy(asc(activityLogs.id));
}
