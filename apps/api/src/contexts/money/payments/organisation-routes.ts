import {
  balanceHistoryQuery,
  balanceHistoryResponse,
  logTopUpRequestResponse,
  paymentResponse,
  paymentsOverviewResponse,
  topUpRequestBody,
  transferBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { forbidden } from '../../../core/errors';
import { actorOf, idempotent } from '../../platform';
import { balanceHistory } from './balance-history';
import { createTopUpRequest } from './create-top-up-request';
import { moneyOwnerOf } from './owner';
import { paymentsOverview } from './payments-overview';
import { transfer } from './transfer';

/** `/api/agency/...` and `/api/advertiser/...`: the payments page's head, top-up requests, transfers. */
export const organisationPaymentsRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  kind: 'agency' | 'advertiser';
}> = async (app, { deps, kind }) => {
  const read: RouteAccess = { kind, permission: ['payments', 'read'] };
  const write: RouteAccess = { kind, permission: ['payments', 'write'] };
  const tags = [`${kind} payments`];

  app.get('/payments/overview', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Balances, credit, billing completeness, VAT of a top-up and the ways to top up',
      response: { 200: paymentsOverviewResponse },
    },
    handler: async (request) => ({
      data: { paymentsOverview: await paymentsOverview(deps, moneyOwnerOf(request)) },
    }),
  });

  app.get('/payments/balance-history', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The closing balance of each of the last `days` UTC days (90 by default), oldest first',
      querystring: balanceHistoryQuery,
      response: { 200: balanceHistoryResponse },
    },
    handler: async (request) => ({
      data: { balanceHistory: await balanceHistory(deps, moneyOwnerOf(request), request.query) },
    }),
  });

  app.post('/log-top-up-requests', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Ask to top up by bank transfer (billing data must be complete; Idempotency-Key required)',
      body: topUpRequestBody,
      response: { 201: logTopUpRequestResponse },
    },
    handler: (request, reply) =>
      idempotent(deps, request, reply, async (tx) => {
        const logTopUpRequest = await createTopUpRequest(
          tx,
          moneyOwnerOf(request),
          request.body,
          actorOf(request),
        );
        return { status: 201, body: { data: { logTopUpRequest } } };
      }),
  });

  if (kind === 'agency')
    app.post('/payments/transfers', {
      config: { access: write },
      schema: {
        tags,
        summary:
          'Fund one of its advertisers from the agency balance, or take funding back (Idempotency-Key required)',
        body: transferBody,
        response: { 201: paymentResponse },
      },
      handler: (request, reply) => {
        // The agency's own balance moves: not one picked with the advertiser-id header.
        const agencyId = request.organisation.agencyId;
        if (agencyId === null) throw forbidden();
        return idempotent(deps, request, reply, async (tx) => {
          const payment = await transfer(tx, agencyId, request.body, actorOf(request));
          return { status: 201, body: { data: { payment } } };
        });
      },
    });
};
