import {
  type AccountKind,
  idParams,
  invoicePdfQuery,
  invoiceResponse,
  invoicesQuery,
  invoicesResponse,
  sendInvoiceBody,
  statusBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { replyWithPdf } from '../documents/pdf-reply';
import { moneyScopeOf } from '../payments/owner';
import { invoicePdf } from './invoice-pdf';
import { invoiceOf, listInvoicesPage, toInvoiceDto } from './list-invoices';
import { sendInvoice } from './send-invoice';

/** `invoices`, their PDFs and sending them by e-mail: admins every organisation's, others their own. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; kind: AccountKind }> = async (
  app,
  { deps, kind },
) => {
  const read: RouteAccess = { kind, permission: ['payments', 'read'] };
  const write: RouteAccess = { kind, permission: ['payments', 'write'] };
  const tags = [`${kind} invoices`];

  app.get('/invoices', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Invoices, newest first (search by number; filter by days)',
      querystring: invoicesQuery,
      response: { 200: invoicesResponse },
    },
    handler: async (request) => ({
      data: { invoices: await listInvoicesPage(deps, moneyScopeOf(request, request.query), request.query) },
    }),
  });

  app.get('/invoices/:id', {
    config: { access: read },
    schema: { tags, summary: 'One invoice', params: idParams, response: { 200: invoiceResponse } },
    handler: async (request) => ({
      data: { invoice: toInvoiceDto(await invoiceOf(deps, request.params.id, moneyScopeOf(request, {}))) },
    }),
  });

  app.get('/invoices/:id/pdf', {
    config: { access: read, download: true },
    schema: {
      tags,
      summary:
        'The invoice as a PDF (inline for previews; `download=1` for a file; opens with a download link)',
      params: idParams,
      querystring: invoicePdfQuery,
    },
    handler: async (request, reply) =>
      replyWithPdf(
        reply,
        await invoicePdf(deps, request.params.id, moneyScopeOf(request, {})),
        request.query.download === '1',
      ),
  });

  app.post('/invoices/:id/send', {
    config: { access: write },
    schema: {
      tags,
      summary: "E-mail the invoice PDF to the buyer's billing e-mail, or to the address given",
      params: idParams,
      body: sendInvoiceBody,
      response: { 200: statusBody },
    },
    handler: async (request) => {
      await inTransaction(deps, (tx) =>
        sendInvoice(
          tx,
          request.params.id,
          moneyScopeOf(request, {}),
          request.body,
          actorOf(request),
          principalOf(request).locale,
        ),
      );
      return { data: { status: 'queued' } };
    },
  });
};
