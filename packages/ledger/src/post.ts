import type { Database } from '@rtb/db';
import type { LedgerAccount } from './repository';
import { insertEntries, postToAccount } from './repository';

/** One side of a ledger transaction. */
export interface Posting {
  account: LedgerAccount;
  /** Minor units: positive credits, negative debits; never zero. */
  amount: number;
  /**
   * The lowest balance a debit may leave on an organisation account: minus the credit limit
   * when it is used, else 0. Null means no floor (platform counter accounts).
   */
  minBalance: number | null;
}

/** A debit would have taken the account below its floor; nothing of the transaction is written. */
export class InsufficientFundsError extends Error {
  constructor(readonly accountId: number) {
    super(`Ledger account ${accountId} does not cover the debit.`);
  }
}

export interface PostedEntry {
  accountId: number;
  amount: number;
  /** Null on the platform's counter accounts. */
  balanceAfter: number | null;
}

/**
 * Writes the entries of a transaction whose row exists (`insertTransaction`): checks they
 * balance, appends the platform's counter entries, then posts to each organisation account
 * (moving its running balance, refusing a debit below its floor) in account id order, so two
 * transactions over the same accounts cannot deadlock. The organisation accounts come last and
 * callers post last in their transaction: an account's row lock is held from here to the
 * commit, and every posting to that account waits for it. Runs inside the caller's database
 * transaction; an `InsufficientFundsError` must roll it back.
 */
export async function postEntries(
  db: Database,
  transactionId: number,
  postings: Posting[],
): Promise<PostedEntry[]> {
  assertBalanced(postings);
  const counter = postings.filter((posting) => posting.account.balance === null);
  await insertEntries(
    db,
    counter.map((posting) => ({
      transactionId,
      ledgerAccountId: posting.account.id,
      amount: posting.amount,
      balanceAfter: null,
    })),
  );
  const entries: PostedEntry[] = counter.map((posting) => ({
    accountId: posting.account.id,
    amount: posting.amount,
    balanceAfter: null,
  }));
  const owned = postings.filter((posting) => posting.account.balance !== null);
  for (const posting of owned.sort((a, b) => a.account.id - b.account.id)) {
    const balanceAfter = await postToAccount(db, {
      transactionId,
      accountId: posting.account.id,
      amount: posting.amount,
      minBalance: posting.minBalance,
    });
    if (balanceAfter === null) throw new InsufficientFundsError(posting.account.id);
    entries.push({ accountId: posting.account.id, amount: posting.amount, balanceAfter });
  }
  return entries;
}

/** Double entry: non-zero whole amounts on distinct accounts in one currency, summing to zero. */
export function assertBalanced(postings: Posting[]): void {
  let sum = 0n;
  const accounts = new Set<number>();
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
      throw new Error(`A posting must be a non-zero whole amount, not ${posting.amount}.`);
    if (accounts.has(posting.account.id)) throw new Error('A transaction posts to an account once.');
    if (posting.account.currencyId !== postings[0]?.account.currencyId)
      throw new Error('A transaction posts in one currency.');
    accounts.add(posting.account.id);
    sum += BigInt(posting.amount);
  }
  if (sum !== 0n) throw new Error(`The postings sum to ${sum}, not 0.`);
}
