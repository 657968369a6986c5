import { campaignForecastBody, campaignForecastResponse } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAdvertiserId, type RouteAccess } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { forecastOwnCampaign } from './forecast-campaign';

const read: RouteAccess = { kind: 'advertiser', permission: ['campaigns', 'read'] };

/** `POST /api/advertiser/campaigns/forecast`: the campaign form's traffic per day, before it is saved. */
export const forecastRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post('/campaigns/forecast', {
    config: { access: read },
    schema: {
      tags: ['advertiser campaigns'],
      summary: 'Impressions, reach and spend per day of a campaign as set up, from sampled bid requests',
      body: campaignForecastBody,
      response: { 200: campaignForecastResponse },
    },
    handler: async (request) => ({
      data: { forecast: await forecastOwnCampaign(deps, ownAdvertiserId(request), request.body) },
    }),
  });
};
