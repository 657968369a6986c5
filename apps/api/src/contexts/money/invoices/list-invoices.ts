import { type InvoiceDto, type InvoicesQuery, toApiDateTime } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { listOfPage } from '../../../core/list';
import type { MoneyScope } from '../payments/scope';
import { findInvoice, type InvoiceRow, listInvoices } from './repository';
import { taxedDto } from './tax';

export function toInvoiceDto(row: InvoiceRow): InvoiceDto {
  return {
    id: row.id,
    number: row.number,
    issuedAt: toApiDateTime(row.issuedAt),
    agency: row.agency,
    advertiser: row.advertiser,
    ...taxedDto(row),
    seller: row.seller,
    buyer: row.buyer,
    description: row.description,
    paymentMethod: row.paymentMethod === 'online' ? 'online' : 'bank_transfer',
  };
}

/** Invoices within the scope, newest first; `search` looks in the number. */
export async function listInvoicesPage(deps: AppDeps, scope: MoneyScope, query: InvoicesQuery) {
  const { rows, total } = await listInvoices(deps.db, scope, query);
  return listOfPage(rows.map(toInvoiceDto), query, total);
}

/** One invoice within the scope, or 404 'Not Found'. */
export async function invoiceOf(deps: AppDeps, id: number, scope: MoneyScope): Promise<InvoiceRow> {
  const row = await findInvoice(deps.db, id, scope);
  if (!row) throw notFound();
  return row;
}
