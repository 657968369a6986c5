import {
  creditLimitBody,
  idParams,
  logCreditResponse,
  logTopUpRequestResponse,
  manualOperationBody,
  paymentResponse,
  paymentsSetupResponse,
  topUpRequestStatusBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf, idempotent } from '../../platform';
import { changeCreditLimit } from './credit-limit';
import { decideTopUpRequest } from './decide-top-up-request';
import { manualOperation } from './manual-operation';
import { paymentsSetup } from './payments-setup';

const read: RouteAccess = { kind: 'admin', permission: ['payments', 'read'] };
const write: RouteAccess = { kind: 'admin', permission: ['payments', 'write'] };

/** `/api/admin/...`: manual operations, credit limits, the top-up request queue and the settings check. */
export const adminPaymentsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin payments'];

  app.get('/payments/setup', {
    config: { access: read },
    schema: {
      tags,
      summary: "Whether the payment settings are complete (the seller's bank account is not the placeholder)",
      response: { 200: paymentsSetupResponse },
    },
    handler: async () => ({ data: { paymentsSetup: await paymentsSetup(deps) } }),
  });

  for (const kind of ['agency', 'advertiser'] as const) {
    app.post(`/${kind === 'agency' ? 'agencies' : 'advertisers'}/:id/top-ups`, {
      config: { access: write },
      schema: {
        tags,
        summary: `Top up by hand, correct or refund an ${kind}'s balance (Idempotency-Key header required)`,
        params: idParams,
        body: manualOperationBody,
        response: { 201: paymentResponse },
      },
      handler: (request, reply) =>
        idempotent(deps, request, reply, async (tx) => {
          const owner =
            kind === 'agency' ? { agencyId: request.params.id } : { advertiserId: request.params.id };
          const payment = await manualOperation(tx, owner, request.body, actorOf(request));
          return { status: 201, body: { data: { payment } } };
        }),
    });
  }

  app.post('/log-credits', {
    config: { access: write },
    schema: {
      tags,
      summary: "Set an agency's or advertiser's credit limit, with the reason (kept in log-credits)",
      body: creditLimitBody,
      response: { 201: logCreditResponse },
    },
    handler: async (request, reply) => {
      const logCredit = await inTransaction(deps, (tx) =>
        changeCreditLimit(tx, request.body, actorOf(request)),
      );
      reply.code(201);
      return { data: { logCredit } };
    },
  });

  app.put('/log-top-up-requests/:id/status', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Accept (credit the money, issue the invoice) or reject (with a reason) a top-up request',
      params: idParams,
      body: topUpRequestStatusBody,
      response: { 200: logTopUpRequestResponse },
    },
    handler: (request, reply) =>
      idempotent(deps, request, reply, async (tx) => {
        const logTopUpRequest = await decideTopUpRequest(
          tx,
          request.params.id,
          request.body,
          actorOf(request),
        );
        return { status: 200, body: { data: { logTopUpRequest } } };
      }),
  });
};
