import type { Database } from '@rtb/db';
import { hasEntries, type OrganisationIds, sumAccounts } from './repository';

export interface Balances {
  /** An agency's own balance, in minor units. */
  agencies: Map<number, number>;
  /** An advertiser's own balance and the balance its agency funded, in minor units. */
  advertisers: Map<number, { balance: number; balanceAgency: number }>;
}

/**
 * Balances of the given agencies and advertisers (read only; one query for a whole list page).
 * A balance is the sum of the entries of the organisation's 'balance' ledger account, an
 * advertiser's balanceAgency that of its 'agency_balance' account; no account means 0.
 */
export async function balancesOf(db: Database, orgs: OrganisationIds): Promise<Balances> {
  const balances: Balances = { agencies: new Map(), advertisers: new Map() };
  for (const id of orgs.agencyIds) balances.agencies.set(id, 0);
  for (const id of orgs.advertiserIds) balances.advertisers.set(id, { balance: 0, balanceAgency: 0 });
  for (const account of await sumAccounts(db, orgs)) {
    if (account.advertiserId !== null) {
      const advertiser = balances.advertisers.get(account.advertiserId);
      if (!advertiser) continue;
      if (account.purpose === 'balance') advertiser.balance = account.sum;
      else advertiser.balanceAgency = account.sum;
    } else if (account.agencyId !== null && account.purpose === 'balance') {
      balances.agencies.set(account.agencyId, account.sum);
    }
  }
  return balances;
}

/** Whether money has moved in any ledger account of the organisation (its currency is then fixed). */
export function hasLedgerEntries(db: Database, org: { agencyId: number } | { advertiserId: number }) {
  return hasEntries(
    db,
    'agencyId' in org
      ? { agencyIds: [org.agencyId], advertiserIds: [] }
      : { agencyIds: [], advertiserIds: [org.advertiserId] },
  );
}
