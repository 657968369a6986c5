import { logExternalApisQuery, logExternalApisResponse } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../core/deps';
import { listExternalCallsPage } from './list-external-calls';

/** `/api/admin/log-external-apis`: every outgoing HTTP call of the platform, for audit readers. */
export const externalApiRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // Rows still being written when the app closes are written before its database goes.
  app.addHook('onClose', () => deps.externalCalls.settled());

  app.get('/log-external-apis', {
    config: { access: { kind: 'admin', permission: ['activity-logs', 'read'] } },
    schema: {
      tags: ['admin activity logs'],
      summary: 'Outgoing HTTP calls (URL, status, duration, error), newest first',
      querystring: logExternalApisQuery,
      response: { 200: logExternalApisResponse },
    },
    handler: async (request) => ({
      data: { logExternalApis: await listExternalCallsPage(deps, request.query) },
    }),
  });
};
