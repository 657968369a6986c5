import {
  InsufficientFundsError,
  insertTransaction,
  NoCurrencyError,
  type Posting,
  postEntries,
} from '@rtb/ledger';
import { type LedgerTransactionType, paymentMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import type { Actor } from '../../platform';

/** A money operation as its ledger transaction records it. */
export interface Operation {
  type: LedgerTransactionType;
  agencyId: number | null;
  advertiserId: number | null;
  currencyId: number | null;
  reason: string | null;
  /** Who started it (a provider's webhook acts for whoever opened the payment); null: the system. */
  actor: Actor | null;
  externalRef?: string;
  details?: Record<string, unknown>;
}

/**
 * Posts the operation as one ledger transaction; returns its id. `before` writes what belongs
 * with it (logs, activity) ahead of the postings: the accounts' row locks are taken last and
 * held until the commit, so the less comes after them, the sooner the next posting may run.
 */
export async function postOperation(
  deps: AppDeps,
  operation: Operation,
  postings: Posting[],
  before?: (transactionId: number) => Promise<void>,
): Promise<number> {
  const { actor, ...rest } = operation;
  const transactionId = await insertTransaction(deps.db, {
    ...rest,
    initiatorAccountId: actor?.accountId ?? null,
    impersonatorAccountId: actor?.impersonatorAccountId ?? null,
    requestId: actor?.requestId ?? null,
  });
  if (transactionId === null)
    throw new Error(`Ledger transaction ${operation.externalRef} was posted before.`);
  await before?.(transactionId);
  await postEntries(deps.db, transactionId, postings);
  return transactionId;
}

/**
 * Runs money work, turning the ledger's refusals into the 422s users read: a debit the balance
 * does not cover (`insufficient`, on the amount), or an organisation without a currency.
 */
export async function refusing<T>(
  work: () => Promise<T>,
  insufficient: string = paymentMessages.insufficientFunds,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw invalidField('amount', insufficient);
    if (error instanceof NoCurrencyError) throw invalidField('currency', paymentMessages.currencyNotSet);
    throw error;
  }
}
