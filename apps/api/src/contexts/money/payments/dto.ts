import type { OrganisationRef, PaymentDto } from '@rtb/shared';
import { toApiDateTime } from '@rtb/shared';
import type { PaymentRow } from './payments-repository';

/** A line as the payments pages show it: with the balance before and after, and its campaign's name. */
export function toPaymentDto(row: PaymentRow, campaign: OrganisationRef | null): PaymentDto {
  return {
    id: row.id,
    transactionId: row.transactionId,
    createdAt: toApiDateTime(row.createdAt),
    type: row.type,
    account: row.account,
    agency: row.agency,
    advertiser: row.advertiser,
    counterparty: row.counterAgency ?? row.counterAdvertiser,
    campaign,
    day: row.day,
    postings: Number(row.postings),
    currency: row.currency,
    amount: Number(row.amount),
    balanceBefore: Number(row.balanceBefore),
    balanceAfter: Number(row.balanceAfter),
    reason: row.reason,
    initiator: row.initiator,
    impersonator: row.impersonator,
    invoice: row.invoice,
  };
}
