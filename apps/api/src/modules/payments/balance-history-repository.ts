import type { Database } from '@rtb/db';
import type { OrganisationAccountPurpose } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import type { LedgerOwner } from '../ledger/repository';

export interface ClosingBalance {
  purpose: OrganisationAccountPurpose;
  /** The UTC day (`YYYY-MM-DD`), or null for the balance the period opened with. */
  day: string | null;
  balance: number;
}

/**
 * The organisation's accounts' balance at the end of every UTC day from `from` on that had a
 * movement, and the balance each account opened the period with (its last entry before `from`):
 * the last entry of a day carries the day's closing balance.
 */
export async function closingBalances(
  db: Database,
  owner: LedgerOwner,
  from: string,
): Promise<ClosingBalance[]> {
  const ownAccounts =
    'agencyId' in owner
      ? sql`a.agency_id = ${owner.agencyId} and a.advertiser_id is null`
      : sql`a.advertiser_id = ${owner.advertiserId}`;
  const result = await db.execute(sql`
    select distinct on (a.purpose, day) a.purpose, day, e.balance_after as balance
    from ledger_entries e
    join ledger_accounts a on a.id = e.ledger_account_id
    cross join lateral (
      select case when e.created_at < ${from}::date at time zone 'UTC' then null
                  else to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') end as day
    ) d
    where ${ownAccounts} and a.balance is not null
    order by a.purpose, day nulls first, e.id desc`);
  return (
    result as unknown as {
      rows: { purpose: OrganisationAccountPurpose; day: string | null; balance: string | number }[];
    }
  ).rows.map((row) => ({ purpose: row.purpose, day: row.day, balance: Number(row.balance) }));
}
