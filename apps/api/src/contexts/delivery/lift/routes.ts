import { campaignLiftQuery, campaignLiftResponse, idParams } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAdvertiserId, type RouteAccess } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { campaignLift } from './campaign-lift';

const read: RouteAccess = { kind: 'advertiser', permission: ['campaigns', 'read'] };

/** `GET /api/advertiser/campaigns/:id/lift`: the campaign's lift test, for whoever may read its campaigns. */
export const liftRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/campaigns/:id/lift', {
    config: { access: read },
    schema: {
      tags: ['advertiser campaigns'],
      summary:
        'The campaign’s lift test: users exposed to it and held out of it, what each group bought, the incremental conversions and revenue with a 95% interval, and whether the lift is significant',
      params: idParams,
      querystring: campaignLiftQuery,
      response: { 200: campaignLiftResponse },
    },
    handler: async (request) => ({
      data: {
        campaignLift: await campaignLift(deps, ownAdvertiserId(request), request.params.id, request.query),
      },
    }),
  });
};
