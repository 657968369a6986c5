import type { LedgerOwner } from '@rtb/ledger';
import type { LogTopUpRequestDto, TopUpRequestStatusBody } from '@rtb/shared';
import { paymentMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField, notFound } from '../../../core/errors';
import { findAccountById, findProfileNames } from '../../identity';
import { type Actor, queueEmail, recordActivity } from '../../platform';
import { formatMoney } from '../documents/format';
import type { TaxNote } from '../invoices/tax';
import { creditTopUp } from './credit-top-up';
import { topUpRequestOf } from './list-top-up-requests';
import { organisationMoney, ownerColumns } from './organisation-money';
import { refusing } from './post-operation';
import { topUpRequestNumber } from './top-up-request-dto';
import { lockTopUpRequest, updateTopUpRequest } from './top-up-requests-repository';

type Request = NonNullable<Awaited<ReturnType<typeof lockTopUpRequest>>>;

/**
 * An admin decides a pending top-up request. Accepting credits the net amount to the
 * requester's balance as a bank-transfer top-up and issues its invoice (to the billing data of
 * the request); rejecting needs a reason. Either way the requester is e-mailed.
 */
export async function decideTopUpRequest(
  deps: AppDeps,
  id: number,
  body: TopUpRequestStatusBody,
  actor: Actor,
): Promise<LogTopUpRequestDto> {
  const request = await lockTopUpRequest(deps.db, id);
  if (!request) throw notFound();
  if (request.status !== 'pending') throw invalidField('status', paymentMessages.requestDecided);
  const owner: LedgerOwner =
    request.agencyId !== null
      ? { agencyId: request.agencyId }
      : { advertiserId: request.advertiserId as number };
  const decided = { status: body.status, decidedByAccountId: actor.accountId, decidedAt: new Date() };

  let invoiceNumber = '';
  if (body.status === 'accepted') {
    const org = await organisationMoney(deps, owner);
    const credited = await refusing(() =>
      creditTopUp(deps, org, {
        type: 'bank_transfer_top_up',
        amount: request.net,
        reason: body.reason ?? topUpRequestNumber(id),
        actor,
        currencyId: request.currencyId,
        topUpRequestId: id,
        invoice: {
          taxPercent: request.taxPercent,
          tax: request.tax,
          gross: request.gross,
          taxNote: request.taxNote as TaxNote | null,
          buyer: request.buyer,
          paymentMethod: 'bank_transfer',
        },
      }),
    );
    invoiceNumber = credited.invoice?.number ?? '';
    await updateTopUpRequest(deps.db, id, { ...decided, ledgerTransactionId: credited.transactionId });
  } else {
    await updateTopUpRequest(deps.db, id, { ...decided, rejectionReason: body.reason ?? null });
  }
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'top_up_request',
      entityId: id,
      name: topUpRequestNumber(id),
      ...ownerColumns(owner),
      before: { status: 'pending' },
      after: { status: body.status, reason: body.reason ?? null },
    },
  ]);
  const dto = await topUpRequestOf(deps, id, { owner });
  await mailRequester(deps, request, dto, { invoiceNumber, reason: body.reason ?? '' });
  return dto;
}

/** Tells whoever asked (or, with their account gone, the billing e-mail) how it was decided. */
async function mailRequester(
  deps: AppDeps,
  request: Request,
  dto: LogTopUpRequestDto,
  facts: { invoiceNumber: string; reason: string },
): Promise<void> {
  const account = request.requestedByAccountId
    ? await findAccountById(deps.db, request.requestedByAccountId)
    : null;
  const locale = account?.locale ?? 'en';
  const names = account ? await findProfileNames(deps.db, account.id) : { firstName: '' };
  const kind = request.agencyId !== null ? 'agency' : 'advertiser';
  await queueEmail(deps, {
    to: account?.login ?? request.buyer.email,
    accountId: account?.id ?? null,
    templateKey: dto.status === 'accepted' ? 'top-up-request-accepted' : 'top-up-request-rejected',
    locale,
    vars: {
      firstName: names.firstName,
      amount: formatMoney(request.net, dto.currency.code, locale),
      requestNumber: topUpRequestNumber(request.id),
      ...(dto.status === 'accepted' ? { invoiceNumber: facts.invoiceNumber } : { reason: facts.reason }),
      link: `${deps.config.publicUrl}/panel/${kind}/payments`,
    },
  });
}
