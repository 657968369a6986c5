import type { LedgerOwner } from '@rtb/ledger';
import type { AppDeps } from '../../../core/deps';
import { accountActor, findCurrency } from '../../platform';
import { buyerSnapshot } from '../invoices/buyer';
import type { TaxNote } from '../invoices/tax';
import { creditTopUp } from '../payments/credit-top-up';
import { organisationMoney } from '../payments/organisation-money';
import type { ProviderEvent } from './provider';
import { lockOnlinePaymentBySession, updateOnlinePayment } from './repository';

/** What a webhook event did: for the log, and for tests. */
export type EventOutcome =
  | 'credited'
  | 'expired'
  | 'failed'
  | 'mismatch'
  | 'already-handled'
  | 'unknown'
  | 'ignored';

/**
 * Applies a verified provider event to its payment, once: the payment row is locked, and only
 * a pending one changes, so a replayed or concurrent duplicate webhook finds it handled (and
 * the ledger transaction's external ref is unique besides). A paid session credits the net
 * amount and issues the invoice, unless the amount or currency paid is not what was asked.
 */
export async function handleProviderEvent(
  deps: AppDeps,
  provider: string,
  event: ProviderEvent,
): Promise<EventOutcome> {
  if (event.kind === 'ignored') return 'ignored';
  const payment = await lockOnlinePaymentBySession(deps.db, provider, event.sessionId);
  if (!payment) return 'unknown';
  if (payment.status !== 'pending') return 'already-handled';
  if (event.kind === 'expired') {
    await updateOnlinePayment(deps.db, payment.id, { status: 'expired' });
    return 'expired';
  }
  if (event.kind === 'failed') {
    await updateOnlinePayment(deps.db, payment.id, { status: 'failed', failureReason: event.reason });
    return 'failed';
  }
  const currency = await findCurrency(deps.db, payment.currencyId);
  if (event.amount !== payment.gross || event.currency !== currency?.code) {
    await updateOnlinePayment(deps.db, payment.id, {
      status: 'failed',
      failureReason: `Paid ${event.amount} ${event.currency}, expected ${payment.gross} ${currency?.code}.`,
    });
    return 'mismatch';
  }
  const owner: LedgerOwner =
    payment.agencyId !== null
      ? { agencyId: payment.agencyId }
      : { advertiserId: payment.advertiserId as number };
  const org = await organisationMoney(deps, owner);
  const credited = await creditTopUp(deps, org, {
    type: 'online_top_up',
    amount: payment.net,
    reason: null,
    // Started by whoever opened the checkout; credited on the provider's word.
    actor: accountActor(payment.createdByAccountId, payment.impersonatorAccountId),
    externalRef: `${provider}:${event.sessionId}`,
    currencyId: payment.currencyId,
    onlinePaymentId: payment.id,
    invoice: {
      taxPercent: payment.taxPercent,
      tax: payment.tax,
      gross: payment.gross,
      taxNote: payment.taxNote as TaxNote | null,
      buyer: buyerSnapshot(org),
      paymentMethod: 'online',
    },
  });
  await updateOnlinePayment(deps.db, payment.id, {
    status: 'paid',
    paidAt: new Date(),
    ledgerTransactionId: credited.transactionId,
  });
  return 'credited';
}
