import type { LedgerOwner } from '@rtb/ledger';
import type { LogTopUpRequestDto, TopUpRequestBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type Actor, recordActivity } from '../../platform';
import { buyerSnapshot } from '../invoices/buyer';
import { taxedAmounts, taxTermsFor } from '../invoices/tax';
import { assertWithinMaximum } from './amount-maximum';
import { assertBillingComplete } from './billing-check';
import { topUpRequestOf } from './list-top-up-requests';
import { organisationMoney, ownerColumns } from './organisation-money';
import { topUpRequestNumber } from './top-up-request-dto';
import { insertTopUpRequest } from './top-up-requests-repository';

/**
 * An agency or advertiser asks to top up by bank transfer: the net amount to credit, with the
 * tax and gross of its proforma from its billing data (kept as they are now). An admin
 * accepts it once the transfer arrives.
 */
export async function createTopUpRequest(
  deps: AppDeps,
  owner: LedgerOwner,
  body: TopUpRequestBody,
  actor: Actor,
): Promise<LogTopUpRequestDto> {
  await assertWithinMaximum(deps, body.amount);
  const org = await organisationMoney(deps, owner);
  assertBillingComplete(org);
  const terms = await taxTermsFor(deps, org.country?.code ?? null);
  const id = await insertTopUpRequest(deps.db, {
    ...ownerColumns(owner),
    currencyId: org.currency?.id as number,
    ...taxedAmounts(body.amount, terms.taxPercent),
    ...terms,
    comment: body.comment ?? null,
    buyer: buyerSnapshot(org),
    requestedByAccountId: actor.accountId,
    impersonatorAccountId: actor.impersonatorAccountId,
  });
  await recordActivity(deps, actor, [
    {
      event: 'created',
      entityType: 'top_up_request',
      entityId: id,
      name: topUpRequestNumber(id),
      ...ownerColumns(owner),
      after: { amount: body.amount, comment: body.comment ?? null },
    },
  ]);
  return topUpRequestOf(deps, id, { owner });
}
