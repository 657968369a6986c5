import { statusBody } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../core/deps';

/** For load balancers: 200 while the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['public'], summary: 'Liveness and database check', response: { 200: statusBody } },
    handler: async () => {
      await deps.db.execute(sql`select 1`);
      return { data: { status: 'ok' } };
    },
  });
};
