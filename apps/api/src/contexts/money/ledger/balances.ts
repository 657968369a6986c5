import type { Database } from '@rtb/db';
import type { LedgerOwner } from '@rtb/ledger';
import { hasAccounts } from './repository';

/**
 * Whether money has moved in the organisation's ledger (its currency is then fixed). An account
 * is made in the transaction of its first entries, so having one means having moved money.
 */
export function hasLedgerEntries(db: Database, org: LedgerOwner) {
  return hasAccounts(
    db,
    'agencyId' in org
      ? { agencyIds: [org.agencyId], advertiserIds: [] }
      : { agencyIds: [], advertiserIds: [org.advertiserId] },
  );
}
