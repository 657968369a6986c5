import { type Database, ledgerAccounts } from '@rtb/db';
import type { LedgerAccountPurpose } from '@rtb/shared';
import { and, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { LedgerOwner } from './repository';

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

/** The running balance of every ledger account of these organisations, in one query. */
export async function accountBalances(
  db: Database,
  orgs: OrganisationIds,
): Promise<
  {
    agencyId: number | null;
    advertiserId: number | null;
    purpose: LedgerAccountPurpose;
    balance: number;
    unpostedSpendMicros: number;
  }[]
> {
  if (orgs.agencyIds.length === 0 && orgs.advertiserIds.length === 0) return [];
  const rows = await db
    .select({
      agencyId: ledgerAccounts.agencyId,
      advertiserId: ledgerAccounts.advertiserId,
      purpose: ledgerAccounts.purpose,
      balance: ledgerAccounts.balance,
      unpostedSpendMicros: ledgerAccounts.unpostedSpendMicros,
    })
    .from(ledgerAccounts)
    .where(accountsOf(orgs));
  return rows.map((row) => ({ ...row, balance: Number(row.balance ?? 0) }));
}

export interface Balances {
  /** An agency's own balance, in minor units. */
  agencies: Map<number, number>;
  /** An agency's commission earned on its advertisers' spend, in minor units. */
  agencyCommissions: Map<number, number>;
  /** An advertiser's own balance and the balance its agency funded, in minor units. */
  advertisers: Map<number, { balance: number; balanceAgency: number }>;
}

/**
 * Balances of the given agencies and advertisers (read only; one query for a whole list page).
 * A balance is the running balance of the organisation's 'balance' ledger account (always the
 * sum of its entries), an advertiser's balanceAgency that of its 'agency_balance' account, an
 * agency's commission that of its 'commission' account; no account means 0.
 */
export async function balancesOf(db: Database, orgs: OrganisationIds): Promise<Balances> {
  const balances: Balances = { agencies: new Map(), agencyCommissions: new Map(), advertisers: new Map() };
  for (const id of orgs.agencyIds) {
    balances.agencies.set(id, 0);
    balances.agencyCommissions.set(id, 0);
  }
  for (const id of orgs.advertiserIds) balances.advertisers.set(id, { balance: 0, balanceAgency: 0 });
  for (const account of await accountBalances(db, orgs)) {
    if (account.advertiserId !== null) {
      const advertiser = balances.advertisers.get(account.advertiserId);
      if (!advertiser) continue;
      if (account.purpose === 'balance') advertiser.balance = account.balance;
      else advertiser.balanceAgency = account.balance;
    } else if (account.agencyId !== null) {
      const agencyMap = account.purpose === 'commission' ? balances.agencyCommissions : balances.agencies;
      agencyMap.set(account.agencyId, account.balance);
    }
  }
  return balances;
}

/**
 * Spend the advertisers' accounts have accrued but not yet posted (micro-units): of their own
 * 'balance' account and of the 'agency_balance' one their agency funds; no account means 0.
 */
export async function unpostedSpendOf(
  db: Database,
  advertiserIds: number[],
): Promise<Map<number, { balance: number; agencyBalance: number }>> {
  const unposted = new Map(advertiserIds.map((id) => [id, { balance: 0, agencyBalance: 0 }]));
  for (const account of await accountBalances(db, { agencyIds: [], advertiserIds })) {
    const advertiser = account.advertiserId === null ? undefined : unposted.get(account.advertiserId);
    if (!advertiser) continue;
    if (account.purpose === 'balance') advertiser.balance = account.unpostedSpendMicros;
    else if (account.purpose === 'agency_balance') advertiser.agencyBalance = account.unpostedSpendMicros;
  }
  return unposted;
}

/**
 * Whether money has moved in the organisation's ledger (its currency is then fixed). An account
 * is made in the transaction of its first entries, so having one means having moved money.
 */
export async function hasLedgerEntries(db: Database, org: LedgerOwner): Promise<boolean> {
  const orgs =
    'agencyId' in org
      ? { agencyIds: [org.agencyId], advertiserIds: [] }
      : { agencyIds: [], advertiserIds: [org.advertiserId] };
  const rows = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(accountsOf(orgs))
    .limit(1);
  return rows.length > 0;
}
