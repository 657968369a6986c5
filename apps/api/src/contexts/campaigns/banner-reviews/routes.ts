import {
  bannerResponse,
  bannerReviewBody,
  bannerReviewQueueQuery,
  bannerReviewQueueResponse,
  idParams,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { listReviewQueuePage } from './list-review-queue';
import { reviewBanner } from './review-banner';

const read: RouteAccess = { kind: 'admin', permission: ['advertisers', 'read'] };
const write: RouteAccess = { kind: 'admin', permission: ['advertisers', 'write'] };

/** `/api/admin/banners/...review`: the admins' review of creatives (on the advertisers page). */
export const bannerReviewRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin banner reviews'];

  app.get('/banners/review', {
    config: { access: read },
    schema: {
      tags,
      summary:
        'The creatives waiting for review, oldest first (search by banner, advertiser name or code); the total is the badge count',
      querystring: bannerReviewQueueQuery,
      response: { 200: bannerReviewQueueResponse },
    },
    handler: async (request) => ({ data: { banners: await listReviewQueuePage(deps, request.query) } }),
  });

  app.put('/banners/:id/review', {
    config: { access: write },
    schema: {
      tags,
      summary:
        "Approve a pending creative, or reject it with a reason (and a note; the advertiser's users are e-mailed)",
      params: idParams,
      body: bannerReviewBody,
      response: { 200: bannerResponse },
    },
    handler: async (request) => ({
      data: {
        banner: await inTransaction(deps, (tx) =>
          reviewBanner(tx, request.params.id, request.body, actorOf(request)),
        ),
      },
    }),
  });
};
