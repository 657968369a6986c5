import type { LedgerOwner } from '@rtb/ledger';
import {
  type AccountKind,
  ONLINE_PAYMENT_MAX_GROSS,
  type OnlinePaymentDto,
  type OnlineTopUpBody,
  paymentMessages,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { HttpError, invalidField } from '../../../core/errors';
import { enforceLimits } from '../../../core/rate-limits';
import { type Actor, recordActivity } from '../../platform';
import { TOP_UP_DESCRIPTION } from '../invoices/issue-invoice';
import { taxedAmounts, taxTermsFor } from '../invoices/tax';
import { assertWithinMaximum } from '../payments/amount-maximum';
import { assertBillingComplete } from '../payments/billing-check';
import { organisationMoney, ownerColumns } from '../payments/organisation-money';
import { onlinePaymentOf } from './list-online-payments';
import { ProviderUnavailableError } from './provider';
import { insertOnlinePayment, updateOnlinePayment } from './repository';

/**
 * Starts an online top-up: a pending payment of the net amount plus tax, and the provider's
 * checkout page for it (`checkoutUrl`). Nothing is credited here: only the provider's signed
 * webhook does that. The user comes back to the payments page of `panel`. 20 an hour per user.
 */
export async function startOnlineTopUp(
  deps: AppDeps,
  owner: LedgerOwner,
  body: OnlineTopUpBody,
  actor: Actor,
  panel: AccountKind,
): Promise<OnlinePaymentDto> {
  const provider = deps.paymentProvider;
  if (!provider) throw new HttpError(409, 'payments.online_top_up_unavailable');
  if (actor.accountId !== null)
    await enforceLimits(deps, [['onlineTopUpPerAccount', String(actor.accountId)]]);
  await assertWithinMaximum(deps, body.amount);
  const org = await organisationMoney(deps, owner);
  assertBillingComplete(org);
  const currency = org.currency;
  if (!currency) throw invalidField('currency', paymentMessages.currencyNotSet);
  const terms = await taxTermsFor(deps, org.country?.code ?? null);
  const amounts = taxedAmounts(body.amount, terms.taxPercent);
  if (amounts.gross > ONLINE_PAYMENT_MAX_GROSS)
    throw invalidField('amount', paymentMessages.onlineAmountTooLarge);

  const id = await insertOnlinePayment(deps.db, {
    ...ownerColumns(owner),
    currencyId: currency.id,
    ...amounts,
    ...terms,
    provider: provider.name,
    createdByAccountId: actor.accountId,
    impersonatorAccountId: actor.impersonatorAccountId,
  });
  const back = `${deps.config.publicUrl}/panel/${panel}/payments?onlinePayment=${id}`;
  let session: { sessionId: string; url: string };
  try {
    session = await provider.createCheckout({
      onlinePaymentId: id,
      gross: amounts.gross,
      currency: currency.code,
      description: `${TOP_UP_DESCRIPTION}: ${org.name}`,
      customerEmail: org.taxEmail,
      successUrl: `${back}&result=success`,
      cancelUrl: `${back}&result=cancel`,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new HttpError(502, 'payments.provider_unavailable');
    throw error;
  }
  await updateOnlinePayment(deps.db, id, { providerSessionId: session.sessionId, checkoutUrl: session.url });
  await recordActivity(deps, actor, [
    {
      event: 'created',
      entityType: 'online_payment',
      entityId: id,
      ...ownerColumns(owner),
      after: { amount: body.amount, gross: amounts.gross, provider: provider.name },
    },
  ]);
  return onlinePaymentOf(deps, id, { owner });
}
