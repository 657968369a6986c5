import {
  creditLimitBody,
  idParams,
  logCreditResponse,
  logTopUpRequestResponse,
  manualOperationBody,
  paymentResponse,
  topUpRequestStatusBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../core/access';
import { type AppDeps, inTransaction } from '../../core/deps';
import { actorOf } from '../activity-logs/service';
import { idempotent } from '../idempotency/idempotent';
import { changeCreditLimit } from './credit-limit';
import { decideTopUpRequest } from './decide-top-up-request';
import { manualOperation } from './manual-operation';

const write: RouteAccess = { kind: 'admin', permission: ['payments', 'write'] };

/** `/api/admin/...`: manual operations, credit limits and the top-up request queue. */
export const adminPaymentsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin payments'];

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
