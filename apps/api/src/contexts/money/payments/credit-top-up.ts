import { organisationAccount, platformAccount } from '@rtb/ledger';
import { paymentMessages, type TopUpType } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import type { Actor } from '../../platform';
import { type InvoiceTerms, issueInvoice } from '../invoices/issue-invoice';
import { type OrganisationMoney, ownerColumns } from './organisation-money';
import { postOperation } from './post-operation';
import { insertLogTopUp } from './top-ups-repository';

export interface TopUp {
  type: TopUpType;
  /** Minor units credited to the balance (net of tax). */
  amount: number;
  reason: string | null;
  actor: Actor | null;
  externalRef?: string;
  /** The currency the amount was asked in (a request, a payment): the balance's must be the same. */
  currencyId?: number;
  topUpRequestId?: number;
  onlinePaymentId?: number;
  /** Written with the top-up, before the balance is locked (e.g. the activity log). */
  before?: (transactionId: number) => Promise<void>;
  /** Paid top-ups (online, bank transfer) get an invoice: its tax terms, buyer and payment method. */
  invoice?: InvoiceTerms;
}

/**
 * Credits a top-up to the organisation's own balance (against the platform's funding account),
 * logs it in log_top_ups and, when paid, issues its invoice; all in the caller's transaction,
 * the balance last.
 */
export async function creditTopUp(deps: AppDeps, org: OrganisationMoney, topUp: TopUp) {
  const account = await organisationAccount(deps.db, org.owner, 'balance');
  if (topUp.currencyId !== undefined && topUp.currencyId !== account.currencyId)
    throw invalidField('currency', paymentMessages.currencyChanged);
  const funding = await platformAccount(deps.db, 'platform_funding', account.currencyId);
  const owner = ownerColumns(org.owner);
  // Set by the writes that go before the postings.
  const issued: { invoice: { id: number; number: string } | null } = { invoice: null };
  const transactionId = await postOperation(
    deps,
    {
      type: topUp.type,
      ...owner,
      currencyId: account.currencyId,
      reason: topUp.reason,
      actor: topUp.actor,
      externalRef: topUp.externalRef,
    },
    [
      { account, amount: topUp.amount, minBalance: null },
      { account: funding, amount: -topUp.amount, minBalance: null },
    ],
    async (id) => {
      issued.invoice = topUp.invoice
        ? await issueInvoice(deps, {
            owner: org.owner,
            ledgerTransactionId: id,
            currencyId: account.currencyId,
            net: topUp.amount,
            ...topUp.invoice,
          })
        : null;
      await insertLogTopUp(deps.db, {
        ledgerTransactionId: id,
        ...owner,
        currencyId: account.currencyId,
        amount: topUp.amount,
        invoiceId: issued.invoice?.id ?? null,
        topUpRequestId: topUp.topUpRequestId ?? null,
        onlinePaymentId: topUp.onlinePaymentId ?? null,
      });
      await topUp.before?.(id);
    },
  );
  return { transactionId, accountId: account.id, invoice: issued.invoice };
}
