import type { LedgerOwner } from '@rtb/ledger';
import { floorOf, organisationAccount, platformAccount } from '@rtb/ledger';
import { type ManualOperationBody, type PaymentDto, paymentMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type Actor, recordActivity } from '../../platform';
import { assertWithinMaximum } from './amount-maximum';
import { creditTopUp } from './credit-top-up';
import { paymentOf } from './list-payments';
import { organisationMoney, ownerColumns } from './organisation-money';
import { postOperation, refusing } from './post-operation';

/**
 * An admin's operation on an organisation's own balance: a top-up received outside the
 * platform, a correction either way (against the platform's adjustment account; a debit may
 * use the credit limit), or a refund of money the balance holds (never of credit).
 */
export async function manualOperation(
  deps: AppDeps,
  owner: LedgerOwner,
  body: ManualOperationBody,
  actor: Actor,
): Promise<PaymentDto> {
  await assertWithinMaximum(deps, body.amount);
  const org = await organisationMoney(deps, owner);
  const logged = (transactionId: number) =>
    recordActivity(deps, actor, [
      {
        event: 'created',
        entityType: 'ledger_transaction',
        entityId: transactionId,
        ...ownerColumns(owner),
        after: { type: body.type, amount: body.amount, reason: body.reason },
      },
    ]);
  const { transactionId, accountId } = await refusing(
    async () => {
      if (body.type === 'manual_top_up')
        return creditTopUp(deps, org, {
          type: 'manual_top_up',
          amount: body.amount,
          reason: body.reason,
          actor,
          before: logged,
        });
      const account = await organisationAccount(deps.db, owner, 'balance');
      const counter = await platformAccount(
        deps.db,
        body.type === 'refund' ? 'platform_funding' : 'platform_adjustment',
        account.currencyId,
      );
      const amount = body.type === 'refund' ? -body.amount : body.amount;
      const id = await postOperation(
        deps,
        {
          type: body.type,
          ...ownerColumns(owner),
          currencyId: account.currencyId,
          reason: body.reason,
          actor,
        },
        [
          { account, amount, minBalance: body.type === 'refund' ? 0 : floorOf(org) },
          { account: counter, amount: -amount, minBalance: null },
        ],
        logged,
      );
      return { transactionId: id, accountId: account.id };
    },
    body.type === 'refund' ? paymentMessages.refundAboveBalance : paymentMessages.insufficientFunds,
  );
  return paymentOf(deps, transactionId, accountId);
}
