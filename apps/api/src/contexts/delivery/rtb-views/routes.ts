import { rtbViewStatusResponse } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { forbidden } from '../../../core/errors';
import { getViewStatus } from './view-status';

const read: RouteAccess = { kind: 'advertiser', permission: ['integrations', 'read'] };

/** `/api/advertiser/rtb-views/...`: the integration status of the advertiser's own areas. */
export const rtbViewsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/rtb-views/status', {
    config: { access: read },
    schema: {
      tags: ['advertiser rtb views'],
      summary: 'The state of products, tags, banners, reports and campaigns',
      response: { 200: rtbViewStatusResponse },
    },
    handler: async (request) => {
      const { advertiserId } = request.organisation;
      // The access hook resolves it for every advertiser user; never trust anything else.
      if (advertiserId === null) throw forbidden();
      return { data: { rtbViewStatus: await getViewStatus(deps, advertiserId) } };
    },
  });
};
