import type { LedgerOwner } from '@rtb/ledger';
import { type CreditLimitBody, type LogCreditDto, paymentMessages, toApiDateTime } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField, notFound } from '../../../core/errors';
import { lockAdvertiser, lockAgency, updateAdvertiser, updateAgency } from '../../organisations';
import { type Actor, recordActivity } from '../../platform';
import { assertCreditLimitWithinMaximum } from './amount-maximum';
import { findLogCredit, insertLogCredit, type LogCreditRow } from './credits-repository';
import { ownerColumns } from './organisation-money';
import { postOperation } from './post-operation';

export interface CreditTerms {
  creditLimit: number;
  useCreditLimit: boolean;
}

export const toLogCreditDto = (row: LogCreditRow): LogCreditDto => ({
  ...row,
  createdAt: toApiDateTime(row.createdAt),
});

const NO_CREDIT: CreditTerms = { creditLimit: 0, useCreditLimit: false };

/**
 * Records a change of an organisation's credit terms, if they changed (a new organisation
 * starts from no credit): a ledger transaction without entries (who, why) and its log_credits
 * row. Every path that sets the terms calls it, in the transaction of the change.
 */
export async function recordCreditTerms(
  deps: AppDeps,
  owner: LedgerOwner,
  before: CreditTerms | null,
  after: CreditTerms & { currencyId: number | null },
  actor: Actor,
  reason: string | null = null,
): Promise<number | null> {
  const from = before ?? NO_CREDIT;
  if (from.creditLimit === after.creditLimit && from.useCreditLimit === after.useCreditLimit) return null;
  // A limit that was already higher may stay (it was set under another maximum); raising it may not.
  if (after.creditLimit > from.creditLimit) await assertCreditLimitWithinMaximum(deps, after.creditLimit);
  const ledgerTransactionId = await postOperation(
    deps,
    { type: 'credit_limit_change', ...ownerColumns(owner), currencyId: after.currencyId, reason, actor },
    [],
  );
  return insertLogCredit(deps.db, {
    ledgerTransactionId,
    ...ownerColumns(owner),
    creditLimitBefore: from.creditLimit,
    creditLimitAfter: after.creditLimit,
    useCreditLimitBefore: from.useCreditLimit,
    useCreditLimitAfter: after.useCreditLimit,
  });
}

/**
 * An admin sets an agency's or advertiser's credit limit, with a reason. Debits check the new
 * limit from the commit on; lowering it below the credit in use is allowed (the organisation
 * then cannot spend until it tops up).
 */
export async function changeCreditLimit(
  deps: AppDeps,
  body: CreditLimitBody,
  actor: Actor,
): Promise<LogCreditDto> {
  const owner: LedgerOwner =
    body.agencyId !== undefined ? { agencyId: body.agencyId } : { advertiserId: body.advertiserId as number };
  const before =
    'agencyId' in owner
      ? await lockAgency(deps.db, owner.agencyId)
      : await lockAdvertiser(deps.db, owner.advertiserId);
  if (!before) throw notFound();
  const after = { creditLimit: body.creditLimit, useCreditLimit: body.useCreditLimit };
  if ('agencyId' in owner) await updateAgency(deps.db, owner.agencyId, after);
  else await updateAdvertiser(deps.db, owner.advertiserId, after);
  const id = await recordCreditTerms(
    deps,
    owner,
    before,
    { ...after, currencyId: before.currencyId },
    actor,
    body.reason,
  );
  if (id === null) throw invalidField('creditLimit', paymentMessages.sameCreditLimit);
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'agencyId' in owner ? 'agency' : 'advertiser',
      entityId: before.id,
      name: before.name,
      ...ownerColumns(owner),
      before: { creditLimit: before.creditLimit, useCreditLimit: before.useCreditLimit },
      after,
    },
  ]);
  const row = await findLogCredit(deps.db, id);
  if (!row) throw new Error('The credit limit change disappeared.');
  return toLogCreditDto(row);
}
