import { type Database, ledgerAccounts, ledgerEntries, ledgerTransactions, selectRows } from '@rtb/db';
import type { LedgerAccountPurpose, OrganisationAccountPurpose, PlatformAccountPurpose } from '@rtb/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';

/** The organisation an account belongs to: an agency (its own account) or an advertiser. */
export type LedgerOwner = { agencyId: number } | { advertiserId: number };

export interface LedgerAccount {
  id: number;
  purpose: LedgerAccountPurpose;
  currencyId: number;
  /** Null on the platform's counter accounts. */
  balance: number | null;
}

const accountColumns = {
  id: ledgerAccounts.id,
  purpose: ledgerAccounts.purpose,
  currencyId: ledgerAccounts.currencyId,
  balance: ledgerAccounts.balance,
};

const ownedBy = (owner: LedgerOwner): SQL | undefined =>
  'agencyId' in owner
    ? and(eq(ledgerAccounts.agencyId, owner.agencyId), isNull(ledgerAccounts.advertiserId))
    : eq(ledgerAccounts.advertiserId, owner.advertiserId);

export async function findOrganisationAccount(
  db: Database,
  owner: LedgerOwner,
  purpose: OrganisationAccountPurpose,
): Promise<LedgerAccount | null> {
  const [row] = await db
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(and(ownedBy(owner), eq(ledgerAccounts.purpose, purpose)));
  return row ?? null;
}

/** Adds the account unless it exists (a concurrent insert wins quietly). */
export async function insertOrganisationAccount(
  db: Database,
  owner: LedgerOwner,
  purpose: OrganisationAccountPurpose,
  currencyId: number,
): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values({ ...owner, purpose, currencyId, balance: 0 })
    .onConflictDoNothing();
}

export async function findPlatformAccount(
  db: Database,
  purpose: PlatformAccountPurpose,
  currencyId: number,
): Promise<LedgerAccount | null> {
  const [row] = await db
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.purpose, purpose),
        eq(ledgerAccounts.currencyId, currencyId),
        isNull(ledgerAccounts.agencyId),
        isNull(ledgerAccounts.advertiserId),
      ),
    );
  return row ?? null;
}

export async function insertPlatformAccount(
  db: Database,
  purpose: PlatformAccountPurpose,
  currencyId: number,
): Promise<void> {
  await db.insert(ledgerAccounts).values({ purpose, currencyId }).onConflictDoNothing();
}

export type NewLedgerTransaction = Omit<typeof ledgerTransactions.$inferInsert, 'id' | 'createdAt'>;

/** The transaction's row; null when its `externalRef` was posted before (by this or a concurrent call). */
export async function insertTransaction(db: Database, values: NewLedgerTransaction): Promise<number | null> {
  const [row] = await db
    .insert(ledgerTransactions)
    .values(values)
    .onConflictDoNothing({ target: ledgerTransactions.externalRef })
    .returning({ id: ledgerTransactions.id });
  return row?.id ?? null;
}

/**
 * Posts one entry to an organisation account in one statement: its running balance moves by
 * `amount` (a debit only where the balance stays at or above `minBalance`; no floor when null)
 * and the entry is appended with the balance after it. Concurrent postings to the account wait
 * for each other's row lock and re-check the floor on the new balance, so two debits can never
 * both pass where only one fits. Returns the balance after, or null when the debit was refused
 * (and nothing was written).
 */
export async function postToAccount(
  db: Database,
  entry: { transactionId: number; accountId: number; amount: number; minBalance: number | null },
): Promise<number | null> {
  const { transactionId, accountId, amount, minBalance } = entry;
  const floor =
    amount >= 0 || minBalance === null
      ? sql`true`
      : sql`balance + ${amount}::bigint >= ${minBalance}::bigint`;
  const [row] = await selectRows<{ balance_after: string | number }>(
    db,
    sql`
    with moved as (
      update ledger_accounts set balance = balance + ${amount}::bigint
      where id = ${accountId} and balance is not null and ${floor}
      returning id, balance
    )
    insert into ledger_entries (transaction_id, ledger_account_id, amount, balance_after)
    select ${transactionId}, id, ${amount}::bigint, balance from moved
    returning balance_after`,
  );
  return row ? Number(row.balance_after) : null;
}

export async function insertEntries(
  db: Database,
  rows: { transactionId: number; ledgerAccountId: number; amount: number; balanceAfter: number | null }[],
): Promise<void> {
  if (rows.length) await db.insert(ledgerEntries).values(rows);
}

/** Micro-units of spend: the gross and, of it, the margin's and the commission's parts (the rest is media). */
export interface SpendMicros {
  gross: number;
  margin: number;
  commission: number;
}

/**
 * Adds accrued spend to the account's unposted micro-units and locks the account for the rest
 * of the transaction; returns its balance and the unposted totals.
 */
export async function accrueSpend(
  db: Database,
  accountId: number,
  micros: SpendMicros,
): Promise<{ balance: number; unposted: SpendMicros }> {
  const [row] = await db
    .update(ledgerAccounts)
    .set({
      unpostedSpendMicros: sql`${ledgerAccounts.unpostedSpendMicros} + ${micros.gross}`,
      unpostedMarginMicros: sql`${ledgerAccounts.unpostedMarginMicros} + ${micros.margin}`,
      unpostedCommissionMicros: sql`${ledgerAccounts.unpostedCommissionMicros} + ${micros.commission}`,
    })
    .where(eq(ledgerAccounts.id, accountId))
    .returning({
      balance: ledgerAccounts.balance,
      gross: ledgerAccounts.unpostedSpendMicros,
      margin: ledgerAccounts.unpostedMarginMicros,
      commission: ledgerAccounts.unpostedCommissionMicros,
    });
  if (!row || row.balance === null) throw new Error(`Ledger account ${accountId} cannot accrue spend.`);
  return {
    balance: Number(row.balance),
    unposted: { gross: Number(row.gross), margin: Number(row.margin), commission: Number(row.commission) },
  };
}

/** Takes posted spend off the account's unposted micro-units. */
export async function releaseSpend(db: Database, accountId: number, micros: SpendMicros): Promise<void> {
  await db
    .update(ledgerAccounts)
    .set({
      unpostedSpendMicros: sql`${ledgerAccounts.unpostedSpendMicros} - ${micros.gross}`,
      unpostedMarginMicros: sql`${ledgerAccounts.unpostedMarginMicros} - ${micros.margin}`,
      unpostedCommissionMicros: sql`${ledgerAccounts.unpostedCommissionMicros} - ${micros.commission}`,
    })
    .where(eq(ledgerAccounts.id, accountId));
}
