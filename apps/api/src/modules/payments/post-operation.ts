import { type LedgerTransactionType, paymentMessages } from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { invalidField } from '../../core/errors';
import type { Actor } from '../activity-logs/service';
import { NoCurrencyError } from '../ledger/accounts';
import { InsufficientFundsError, type Posting, postTransaction } from '../ledger/post';

/** A money operation as its ledger transaction records it. */
export interface Operation {
  type: LedgerTransactionType;
  agencyId: number | null;
  advertiserId: number | null;
  currencyId: number | null;
  reason: string | null;
  /** Who started it; null: the system (a provider's webhook, the bidder). */
  actor: Actor | null;
  externalRef?: string;
  details?: Record<string, unknown>;
}

/** Posts the operation as one ledger transaction; returns its id. */
export async function postOperation(
  deps: AppDeps,
  operation: Operation,
  postings: Posting[],
): Promise<number> {
  const { actor, ...rest } = operation;
  const { transactionId } = await postTransaction(
    deps.db,
    {
      ...rest,
      initiatorAccountId: actor?.accountId ?? null,
      impersonatorAccountId: actor?.impersonatorAccountId ?? null,
      requestId: actor?.requestId ?? null,
    },
    postings,
  );
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
