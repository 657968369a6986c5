import type { PaymentDto, PaymentsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { campaignNamer } from './campaign-names';
import { toPaymentDto } from './dto';
import { findPayment, listPayments } from './payments-repository';
import type { MoneyScope } from './scope';

/**
 * Balance movements within the scope, newest first, filtered by type, account and days: spend
 * one line per account, advertiser, campaign and day, every other operation a line of its own.
 */
export async function listPaymentsPage(deps: AppDeps, scope: MoneyScope, query: PaymentsQuery) {
  const { rows, total } = await listPayments(deps.db, scope, query);
  const campaignOf = await campaignNamer(deps, rows);
  return listOfPage(
    rows.map((row) => toPaymentDto(row, campaignOf(row))),
    query,
    total,
  );
}

/** The movement a transaction just made on an account, as the API shows it. */
export async function paymentOf(
  deps: AppDeps,
  transactionId: number,
  accountId: number,
): Promise<PaymentDto> {
  const row = await findPayment(deps.db, transactionId, accountId);
  if (!row) throw new Error(`Ledger transaction ${transactionId} has no entry on account ${accountId}.`);
  return toPaymentDto(row, null);
}
