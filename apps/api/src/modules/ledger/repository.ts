import { type Database, ledgerAccounts, ledgerEntries } from '@rtb/db';
import type { LedgerAccountPurpose } from '@rtb/shared';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';

export interface OrganisationIds {
  agencyIds: number[];
  advertiserIds: number[];
}

/** The accounts of the agencies (their own, not their advertisers') and of the advertisers. */
function accountsOf(orgs: OrganisationIds): SQL | undefined {
  return or(
    orgs.agencyIds.length
      ? and(isNull(ledgerAccounts.advertiserId), inArray(ledgerAccounts.agencyId, orgs.agencyIds))
      : undefined,
    orgs.advertiserIds.length ? inArray(ledgerAccounts.advertiserId, orgs.advertiserIds) : undefined,
  );
}

/** The sum of the entries of every ledger account of these organisations, in one query. */
export async function sumAccounts(
  db: Database,
  orgs: OrganisationIds,
): Promise<
  { agencyId: number | null; advertiserId: number | null; purpose: LedgerAccountPurpose; sum: number }[]
> {
  if (orgs.agencyIds.length === 0 && orgs.advertiserIds.length === 0) return [];
  const rows = await db
    .select({
      agencyId: ledgerAccounts.agencyId,
      advertiserId: ledgerAccounts.advertiserId,
      purpose: ledgerAccounts.purpose,
      // sum(bigint) is numeric: it comes back as text.
      sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.ledgerAccountId, ledgerAccounts.id))
    .where(accountsOf(orgs))
    .groupBy(ledgerAccounts.id);
  return rows.map((row) => ({ ...row, sum: Number(row.sum) }));
}

/** Whether any ledger account of the organisation has an entry. */
export async function hasEntries(db: Database, orgs: OrganisationIds): Promise<boolean> {
  const rows = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.ledgerAccountId))
    .where(accountsOf(orgs))
    .limit(1);
  return rows.length > 0;
}
