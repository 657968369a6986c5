import { agencyOverviewResponse } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAgencyId, type RouteAccess } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { getAgencyOverview } from './get-agency-overview';

const read: RouteAccess = { kind: 'agency', permission: ['advertisers', 'read'] };

/** `/api/agency/overview`: the agency's clients at a glance, with what needs its attention. */
export const agencyOverviewRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/overview', {
    config: { access: read },
    schema: {
      tags: ['agency reports'],
      summary:
        'Each of the agency’s advertisers: spend today, yesterday, this month and against its daily budgets (pacing), campaigns serving, funds and the days they cover, the integration status of each area, and alerts (funds, not serving, rejected creatives, failing feed, silent tag)',
      response: { 200: agencyOverviewResponse },
    },
    handler: async (request) => ({
      data: { agencyOverview: await getAgencyOverview(deps, ownAgencyId(request)) },
    }),
  });
};
