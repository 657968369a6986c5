import {
  type AccountKind,
  idParams,
  invoicePdfQuery,
  logCreditsQuery,
  logCreditsResponse,
  logTopUpRequestResponse,
  logTopUpRequestsQuery,
  logTopUpRequestsResponse,
  logTopUpsQuery,
  logTopUpsResponse,
  paymentsQuery,
  paymentsResponse,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { replyWithPdf } from '../documents/pdf-reply';
import { listLogCreditsPage } from './list-log-credits';
import { listLogTopUpsPage } from './list-log-top-ups';
import { listPaymentsPage } from './list-payments';
import { listTopUpRequestsPage, topUpRequestOf } from './list-top-up-requests';
import { moneyScopeOf } from './owner';
import { topUpRequestProforma } from './top-up-request-proforma';

/**
 * The money lists every panel reads (`payments` permission): balance movements, top-ups,
 * credit limit changes and top-up requests with their proformas. Admins see every
 * organisation's (filter `agencyId`/`advertiserId`); agencies and advertisers their own.
 */
export const moneyListRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; kind: AccountKind }> = async (
  app,
  { deps, kind },
) => {
  const read: RouteAccess = { kind, permission: ['payments', 'read'] };
  const tags = [`${kind} payments`];
  const whose = kind === 'admin' ? "every organisation's (or one agency's or advertiser's)" : 'its own';

  app.get('/payments', {
    config: { access: read },
    schema: {
      tags,
      summary: `Balance movements, ${whose}: operation type, amount, balance before and after, initiator, invoice`,
      querystring: paymentsQuery,
      response: { 200: paymentsResponse },
    },
    handler: async (request) => ({
      data: { payments: await listPaymentsPage(deps, moneyScopeOf(request, request.query), request.query) },
    }),
  });

  app.get('/log-top-ups', {
    config: { access: read },
    schema: {
      tags,
      summary: `Top-ups (by hand, online, by bank transfer), ${whose}, with their invoices`,
      querystring: logTopUpsQuery,
      response: { 200: logTopUpsResponse },
    },
    handler: async (request) => ({
      data: { logTopUps: await listLogTopUpsPage(deps, moneyScopeOf(request, request.query), request.query) },
    }),
  });

  app.get('/log-credits', {
    config: { access: read },
    schema: {
      tags,
      summary: `Credit limit changes, ${whose}, with who made them and why`,
      querystring: logCreditsQuery,
      response: { 200: logCreditsResponse },
    },
    handler: async (request) => ({
      data: {
        logCredits: await listLogCreditsPage(deps, moneyScopeOf(request, request.query), request.query),
      },
    }),
  });

  app.get('/log-top-up-requests', {
    config: { access: read },
    schema: {
      tags,
      summary: `Top-up requests by bank transfer, ${whose}, newest first (filter by status)`,
      querystring: logTopUpRequestsQuery,
      response: { 200: logTopUpRequestsResponse },
    },
    handler: async (request) => ({
      data: {
        logTopUpRequests: await listTopUpRequestsPage(
          deps,
          moneyScopeOf(request, request.query),
          request.query,
        ),
      },
    }),
  });

  app.get('/log-top-up-requests/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One top-up request',
      params: idParams,
      response: { 200: logTopUpRequestResponse },
    },
    handler: async (request) => ({
      data: { logTopUpRequest: await topUpRequestOf(deps, request.params.id, moneyScopeOf(request, {})) },
    }),
  });

  app.get('/log-top-up-requests/:id/proforma', {
    config: { access: read, download: true },
    schema: {
      tags,
      summary: 'The proforma PDF of a top-up request (inline; `download=1` for a file)',
      params: idParams,
      querystring: invoicePdfQuery,
    },
    handler: async (request, reply) =>
      replyWithPdf(
        reply,
        await topUpRequestProforma(deps, request.params.id, moneyScopeOf(request, {})),
        request.query.download === '1',
      ),
  });
};
