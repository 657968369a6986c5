import type { AppDeps } from '../../../core/deps';
import type { MoneyScope } from '../payments/scope';
import { invoiceDocument } from './document';
import { invoiceOf } from './list-invoices';
import { renderPdf } from './pdf';
import type { InvoiceRow } from './repository';
import { taxedFacts } from './tax';

/** `INV/2025/000042` as a file name: `INV-2025-000042.pdf`. */
export const pdfFilename = (number: string) => `${number.replace(/[^\w-]+/g, '-')}.pdf`;

export function renderInvoice(row: InvoiceRow): Promise<Buffer> {
  return renderPdf(
    invoiceDocument({
      number: row.number,
      issuedAt: row.issuedAt,
      seller: row.seller,
      buyer: row.buyer,
      description: row.description,
      ...taxedFacts(row),
      paymentMethod: row.paymentMethod === 'online' ? 'online' : 'bank_transfer',
    }),
  );
}

/** The invoice's PDF, if it is within the scope (404 otherwise). */
export async function invoicePdf(deps: AppDeps, id: number, scope: MoneyScope) {
  const row = await invoiceOf(deps, id, scope);
  return { filename: pdfFilename(row.number), content: await renderInvoice(row) };
}
