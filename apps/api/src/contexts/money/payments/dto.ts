import type { PaymentDto } from '@rtb/shared';
import { toApiDateTime } from '@rtb/shared';
import type { PaymentRow } from './payments-repository';

/** A movement as the payments pages show it: with the balance before and after. */
export function toPaymentDto(row: PaymentRow): PaymentDto {
  const balanceAfter = Number(row.balanceAfter);
  return {
    id: row.id,
    transactionId: row.transactionId,
    createdAt: toApiDateTime(row.createdAt),
    type: row.type,
    account: row.account,
    agency: row.agency,
    advertiser: row.advertiser,
    counterparty: row.counterAgency ?? row.counterAdvertiser,
    currency: row.currency,
    amount: row.amount,
    balanceBefore: balanceAfter - row.amount,
    balanceAfter,
    reason: row.reason,
    initiator: row.initiator,
    impersonator: row.impersonator,
    invoice: row.invoice,
  };
}
