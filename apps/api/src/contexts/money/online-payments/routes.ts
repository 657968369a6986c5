import {
  type AccountKind,
  idParams,
  onlinePaymentResponse,
  onlinePaymentsQuery,
  onlinePaymentsResponse,
  onlineTopUpBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { HttpError } from '../../../core/errors';
import { actorOf, idempotent } from '../../platform';
import { moneyOwnerOf, moneyScopeOf } from '../payments/owner';
import { handleProviderEvent } from './handle-provider-event';
import { listOnlinePaymentsPage, onlinePaymentOf } from './list-online-payments';
import { InvalidSignatureError } from './provider';
import { startOnlineTopUp } from './start-online-top-up';

/** Online payments: every panel lists them; agencies and advertisers start them. */
export const onlinePaymentsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; kind: AccountKind }> = async (
  app,
  { deps, kind },
) => {
  const read: RouteAccess = { kind, permission: ['payments', 'read'] };
  const write: RouteAccess = { kind, permission: ['payments', 'write'] };
  const tags = [`${kind} payments`];

  app.get('/payments/online', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Online payments (pending, paid, expired, failed), newest first',
      querystring: onlinePaymentsQuery,
      response: { 200: onlinePaymentsResponse },
    },
    handler: async (request) => ({
      data: {
        onlinePayments: await listOnlinePaymentsPage(
          deps,
          moneyScopeOf(request, request.query),
          request.query,
        ),
      },
    }),
  });

  app.get('/payments/online/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One online payment (its status after the checkout)',
      params: idParams,
      response: { 200: onlinePaymentResponse },
    },
    handler: async (request) => ({
      data: { onlinePayment: await onlinePaymentOf(deps, request.params.id, moneyScopeOf(request, {})) },
    }),
  });

  if (kind !== 'admin')
    app.post('/payments/online', {
      config: { access: write },
      schema: {
        tags,
        summary:
          'Start an online top-up: the net amount plus VAT, paid on the checkout page at `checkoutUrl` (Idempotency-Key required)',
        body: onlineTopUpBody,
        response: { 201: onlinePaymentResponse },
      },
      handler: (request, reply) =>
        idempotent(deps, request, reply, async (tx) => {
          const onlinePayment = await startOnlineTopUp(
            tx,
            moneyOwnerOf(request),
            request.body,
            actorOf(request),
            kind,
          );
          return { status: 201, body: { data: { onlinePayment } } };
        }),
    });
};

/**
 * `POST /api/payments/stripe/webhook`: the provider's word that a checkout was paid, expired or
 * failed. Public, but only a body signed with the webhook secret counts; the signature is over
 * the exact bytes, so this route alone reads its body raw.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/payments/stripe/webhook', {
    config: { access: 'public' },
    schema: {
      tags: ['payments webhook'],
      summary: 'Stripe webhook (checkout.session.completed, async_payment_succeeded/failed, expired)',
      response: { 200: z.object({ received: z.boolean() }) },
    },
    handler: async (request) => {
      const provider = deps.paymentProvider;
      if (provider?.name !== 'stripe') throw new HttpError(404, 'common.not_found');
      const signature = request.headers['stripe-signature'];
      let event: ReturnType<typeof provider.readEvent>;
      try {
        event = provider.readEvent(
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof InvalidSignatureError) throw new HttpError(400, 'payments.invalid_signature');
        throw error;
      }
      const outcome = await inTransaction(deps, (tx) => handleProviderEvent(tx, provider.name, event));
      request.log.info({ event: event.kind, outcome }, 'payment webhook');
      return { received: true };
    },
  });
};
