import { reportQuery, reportResponse } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAdvertiserId, type RouteAccess } from '../../core/access';
import type { AppDeps } from '../../core/deps';
import { getReport } from './get-report';

const read: RouteAccess = { kind: 'advertiser', permission: ['reports', 'read'] };

/** `/api/advertiser/reports`: the advertiser's own delivery (the advertiser from the token). */
export const advertiserReportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/reports', {
    config: { access: read },
    schema: {
      tags: ['advertiser reports'],
      summary:
        'Impressions, clicks, CTR, spend, CPM, CPC, conversions, conversion value and ROAS: totals, by day (of the advertiser’s time zone) and by campaign',
      querystring: reportQuery,
      response: { 200: reportResponse },
    },
    handler: async (request) => ({
      data: { report: await getReport(deps, ownAdvertiserId(request), request.query) },
    }),
  });
};
