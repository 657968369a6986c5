import { configKeys, isBankAccountConfigured, type LogTopUpRequestDto, toApiDateTime } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { taxedDto } from '../invoices/tax';
import type { TopUpRequestRow } from './top-up-requests-repository';

/** What the buyer writes in the bank transfer's title: `TOP-UP/42`. */
export const topUpRequestNumber = (id: number) => `TOP-UP/${id}`;

/**
 * Requests as the API shows them, with the transfer's title and the account it goes to: the
 * current one, so requests made before the platform set it show it once it is set.
 */
export async function toTopUpRequestDtos(
  deps: AppDeps,
  rows: TopUpRequestRow[],
): Promise<LogTopUpRequestDto[]> {
  const account = String(await deps.settings.get(deps.db, configKeys.sellerBankAccount));
  const bankAccount = isBankAccountConfigured(account) ? account : null;
  return rows.map((row) => ({
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
    status: row.status,
    agency: row.agency,
    advertiser: row.advertiser,
    ...taxedDto(row),
    comment: row.comment,
    buyer: row.buyer,
    transferTitle: topUpRequestNumber(row.id),
    bankAccount,
    requestedBy: row.requestedBy,
    impersonator: row.impersonator,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt ? toApiDateTime(row.decidedAt) : null,
    rejectionReason: row.rejectionReason,
    invoice: row.invoice,
  }));
}
