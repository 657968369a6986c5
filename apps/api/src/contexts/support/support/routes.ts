import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../core/deps';
import { commentRoutes } from './comment-routes';
import { adminFaqRoutes, publishedFaqRoutes } from './faq-routes';
import { adminFormContactRoutes, ownFormContactRoutes } from './form-contact-routes';

/** Every support route: the admin's FAQs, contacts and replies, and the agency and advertiser users' own. */
export const supportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(adminFaqRoutes, { prefix: '/admin', deps });
  await app.register(adminFormContactRoutes, { prefix: '/admin', deps });
  await app.register(commentRoutes, { prefix: '/admin', deps });
  for (const kind of ['agency', 'advertiser'] as const) {
    await app.register(publishedFaqRoutes, { prefix: `/${kind}`, kind, deps });
    await app.register(ownFormContactRoutes, { prefix: `/${kind}`, kind, deps });
  }
};
