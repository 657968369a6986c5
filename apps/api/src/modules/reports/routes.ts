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
        'Bids, wins, impressions, clicks, spend, conversions and what follows from them: totals, the chart’s buckets and a sorted page of rows split by hour, day, week or month (of the advertiser’s time zone) and by campaign, creative, country, device type or domain; optionally beside the previous period',
      querystring: reportQuery,
      response: { 200: reportResponse },
    },
    handler: async (request) => ({
      data: { report: await getReport(deps, ownAdvertiserId(request), request.query) },
    }),
  });
};
