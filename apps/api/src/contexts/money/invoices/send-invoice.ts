import type { SendInvoiceBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { enforceLimits } from '../../../core/rate-limits';
import { type Actor, queueEmail, recordActivity } from '../../platform';
import { formatMoney } from '../documents/format';
import type { MoneyScope } from '../payments/scope';
import { pdfFilename, renderInvoice } from './invoice-pdf';
import { invoiceOf } from './list-invoices';

/**
 * E-mails an invoice with its PDF attached: to the buyer's billing e-mail on the invoice, or to
 * the address given (20 an hour per user). Returns where it goes.
 */
export async function sendInvoice(
  deps: AppDeps,
  id: number,
  scope: MoneyScope,
  body: SendInvoiceBody,
  actor: Actor,
  locale: string,
): Promise<{ email: string }> {
  const row = await invoiceOf(deps, id, scope);
  if (actor.accountId !== null)
    await enforceLimits(deps, [['invoiceSendPerAccount', String(actor.accountId)]]);
  const email = body.email ?? row.buyer.email;
  await queueEmail(deps, {
    to: email,
    templateKey: 'invoice',
    locale,
    vars: {
      invoiceNumber: row.number,
      amount: formatMoney(row.gross, row.currency.code, locale, row.minorUnits),
      buyerName: row.buyer.name,
    },
    attachments: [
      {
        filename: pdfFilename(row.number),
        contentType: 'application/pdf',
        content: await renderInvoice(row),
      },
    ],
  });
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'invoice',
      entityId: id,
      name: row.number,
      agencyId: row.agency?.id ?? null,
      advertiserId: row.advertiser?.id ?? null,
      before: { sentTo: null },
      after: { sentTo: email },
    },
  ]);
  return { email };
}
