import { type Database, selectRows } from '@rtb/db';
import type { LedgerOwner } from '@rtb/ledger';
import type { OrganisationAccountPurpose } from '@rtb/shared';
import { sql } from 'drizzle-orm';

export interface ClosingBalance {
  purpose: OrganisationAccountPurpose;
  /** The UTC day (`YYYY-MM-DD`), or null for the balance the period opened with. */
  day: string | null;
  balance: number;
}

/**
 * The organisation's accounts' balance at the end of every UTC day from `from` on that had a
 * movement, and the balance each account opened the period with (its last entry before `from`):
 * the last entry of a day carries the day's closing balance. Both walk the (account, id) index
 * from the newest entry back, so the cost grows with the period's entries, not the account's.
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
  const start = sql`${from}::date at time zone 'UTC'`;
  const rows = await selectRows<{
    purpose: OrganisationAccountPurpose;
    day: string | null;
    balance: string | number;
  }>(
    db,
    sql`
    with accounts as (
      select a.id, a.purpose, opening.id as opening_id, opening.balance_after as opening_balance
      from ledger_accounts a
      left join lateral (
        select e.id, e.balance_after from ledger_entries e
        where e.ledger_account_id = a.id and e.created_at < ${start}
        order by e.id desc limit 1
      ) opening on true
      where ${ownAccounts} and a.balance is not null
    )
    select purpose, null as day, opening_balance as balance from accounts where opening_id is not null
    union all
    (select distinct on (a.purpose, day) a.purpose,
            to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, e.balance_after as balance
     from accounts a
     join ledger_entries e on e.ledger_account_id = a.id and e.id > coalesce(a.opening_id, 0)
     order by a.purpose, day, e.id desc)`,
  );
  return rows.map((row) => ({ purpose: row.purpose, day: row.day, balance: Number(row.balance) }));
}
