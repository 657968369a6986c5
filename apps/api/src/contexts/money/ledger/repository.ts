import { type Database, ledgerAccounts } from '@rtb/db';
import { accountsOf, type OrganisationIds } from '@rtb/ledger';

/** Whether the organisation has a ledger account (it gets one with its first money movement). */
export async function hasAccounts(db: Database, orgs: OrganisationIds): Promise<boolean> {
  const rows = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(accountsOf(orgs))
    .limit(1);
  return rows.length > 0;
}
