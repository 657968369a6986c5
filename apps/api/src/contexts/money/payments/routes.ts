import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../core/deps';
import { invoicesRoutes } from '../invoices/routes';
import { onlinePaymentsRoutes, paymentWebhookRoutes } from '../online-payments/routes';
import { statementRoutes } from '../statements/routes';
import { adminPaymentsRoutes } from './admin-routes';
import { moneyListRoutes } from './list-routes';
import { organisationPaymentsRoutes } from './organisation-routes';

/** Every money route of the three panels, and the payment provider's webhook (under `/api`). */
export const moneyRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const kind of ['admin', 'agency', 'advertiser'] as const) {
    await app.register(moneyListRoutes, { prefix: `/${kind}`, kind, deps });
    await app.register(invoicesRoutes, { prefix: `/${kind}`, kind, deps });
    await app.register(onlinePaymentsRoutes, { prefix: `/${kind}`, kind, deps });
    await app.register(statementRoutes, { prefix: `/${kind}`, kind, deps });
  }
  await app.register(adminPaymentsRoutes, { prefix: '/admin', deps });
  for (const kind of ['agency', 'advertiser'] as const)
    await app.register(organisationPaymentsRoutes, { prefix: `/${kind}`, kind, deps });
  await app.register(paymentWebhookRoutes, { deps });
};
