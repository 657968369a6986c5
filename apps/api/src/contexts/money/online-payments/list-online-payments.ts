import { type OnlinePaymentDto, type OnlinePaymentsQuery, toApiDateTime } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { listOfPage } from '../../../core/list';
import { taxedDto } from '../invoices/tax';
import type { MoneyScope } from '../payments/scope';
import { findOnlinePayment, listOnlinePayments, type OnlinePaymentRow } from './repository';

function toOnlinePaymentDto(row: OnlinePaymentRow): OnlinePaymentDto {
  return {
    ...row,
    createdAt: toApiDateTime(row.createdAt),
    ...taxedDto(row),
    checkoutUrl: row.status === 'pending' ? row.checkoutUrl : null,
    paidAt: row.paidAt ? toApiDateTime(row.paidAt) : null,
  };
}

export async function listOnlinePaymentsPage(deps: AppDeps, scope: MoneyScope, query: OnlinePaymentsQuery) {
  const { rows, total } = await listOnlinePayments(deps.db, scope, query);
  return listOfPage(rows.map(toOnlinePaymentDto), query, total);
}

/** One payment within the scope (the web app asks after the return from the checkout), or 404. */
export async function onlinePaymentOf(
  deps: AppDeps,
  id: number,
  scope: MoneyScope,
): Promise<OnlinePaymentDto> {
  const row = await findOnlinePayment(deps.db, id, scope);
  if (!row) throw notFound();
  return toOnlinePaymentDto(row);
}
