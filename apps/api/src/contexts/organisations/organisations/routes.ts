import { logStatusVerificationsQuery, logStatusVerificationsResponse } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAllowed, principalOf } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { forbidden } from '../../../core/errors';
import { statusHistoryPage } from './status-verifications';

/** `/api/admin/log-status-verifications`: every verification status change of every organisation. */
export const logStatusVerificationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (
  app,
  { deps },
) => {
  app.get('/log-status-verifications', {
    config: { access: { kind: 'admin', permission: ['agencies', 'read'] } },
    schema: {
      tags: ['admin agencies', 'admin advertisers'],
      summary: 'Verification status changes, newest first, optionally of one agency or advertiser',
      querystring: logStatusVerificationsQuery,
      response: { 200: logStatusVerificationsResponse },
    },
    handler: async (request) => {
      const { agencyId, advertiserId, ...page } = request.query;
      // Advertisers' rows need the advertisers permission too: only an agency's own rows do not.
      const advertiserRows = agencyId === undefined || advertiserId !== undefined;
      if (
        advertiserRows &&
        !isAllowed(principalOf(request), { kind: 'admin', permission: ['advertisers', 'read'] })
      )
        throw forbidden();
      return {
        data: { logStatusVerifications: await statusHistoryPage(deps, { agencyId, advertiserId }, page) },
      };
    },
  });
};
