import { floorOf, organisationAccount } from '@rtb/ledger';
import { type PaymentDto, paymentMessages, type TransferBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import { advertiserBelongsToAgency } from '../../organisations';
import { type Actor, recordActivity } from '../../platform';
import { assertWithinMaximum } from './amount-maximum';
import { paymentOf } from './list-payments';
import { organisationMoney } from './organisation-money';
import { postOperation, refusing } from './post-operation';

/**
 * An agency funds one of its advertisers from its own balance (which may use the agency's
 * credit limit): into the advertiser's agency balance when the agency pays its campaigns, else
 * into the advertiser's own balance. `from_advertiser` takes unspent agency funding back.
 * Returns the agency's movement.
 */
export async function transfer(
  deps: AppDeps,
  agencyId: number,
  body: TransferBody,
  actor: Actor,
): Promise<PaymentDto> {
  await assertWithinMaximum(deps, body.amount);
  if (!(await advertiserBelongsToAgency(deps.db, body.advertiserId, agencyId)))
    throw invalidField('advertiserId', paymentMessages.notOwnAdvertiser);
  const agency = await organisationMoney(deps, { agencyId });
  const advertiser = await organisationMoney(deps, { advertiserId: body.advertiserId });
  if (agency.currency && advertiser.currency && agency.currency.id !== advertiser.currency.id)
    throw invalidField('advertiserId', paymentMessages.currencyMismatch);

  const toAdvertiser = body.direction === 'to_advertiser';
  const { transactionId, agencyAccountId } = await refusing(
    async () => {
      const agencyAccount = await organisationAccount(deps.db, agency.owner, 'balance');
      const advertiserAccount = await organisationAccount(
        deps.db,
        advertiser.owner,
        toAdvertiser && !advertiser.agencyPaidCampaigns ? 'balance' : 'agency_balance',
      );
      if (agencyAccount.currencyId !== advertiserAccount.currencyId)
        throw invalidField('advertiserId', paymentMessages.currencyMismatch);
      const amount = toAdvertiser ? body.amount : -body.amount;
      const id = await postOperation(
        deps,
        {
          type: 'transfer',
          agencyId,
          advertiserId: body.advertiserId,
          currencyId: agencyAccount.currencyId,
          reason: body.reason ?? null,
          actor,
          details: { direction: body.direction },
        },
        [
          { account: agencyAccount, amount: -amount, minBalance: floorOf(agency) },
          { account: advertiserAccount, amount, minBalance: 0 },
        ],
        (transactionId) =>
          recordActivity(deps, actor, [
            {
              event: 'created',
              entityType: 'ledger_transaction',
              entityId: transactionId,
              agencyId,
              advertiserId: body.advertiserId,
              after: {
                type: 'transfer',
                direction: body.direction,
                amount: body.amount,
                reason: body.reason ?? null,
              },
            },
          ]),
      );
      return { transactionId: id, agencyAccountId: agencyAccount.id };
    },
    toAdvertiser ? paymentMessages.insufficientFunds : paymentMessages.returnAboveAgencyBalance,
  );
  return paymentOf(deps, transactionId, agencyAccountId);
}
