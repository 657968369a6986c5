import {
  advertiserResponse,
  advertisersResponse,
  agencyAdvertiserBody,
  agencyAdvertiserCreatedResponse,
  agencyAdvertisersQuery,
  createAgencyAdvertiserBody,
  idParams,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAgencyId, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { createAgencyAdvertiser } from './create-agency-advertiser';
import { getAdvertiser } from './get-advertiser';
import { listAdvertisersPage } from './list-advertisers';
import { updateAdvertiser } from './update-advertiser';

const read: RouteAccess = { kind: 'agency', permission: ['advertisers', 'read'] };
const write: RouteAccess = { kind: 'agency', permission: ['advertisers', 'write'] };

/**
 * `/api/agency/advertisers/...`: the agency's own advertisers. Another agency's advertiser is
 * not found. Log in as one is `/api/agency/advertisers/:id/auth` (identity's users routes).
 */
export const agencyAdvertisersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['agency advertisers'];

  app.get('/advertisers', {
    config: { access: read },
    schema: {
      tags,
      summary: "The agency's advertisers with status and balances (search by name, code or website)",
      querystring: agencyAdvertisersQuery,
      response: { 200: advertisersResponse },
    },
    handler: async (request) => ({
      data: {
        advertisers: await listAdvertisersPage(deps, { ...request.query, agencyId: ownAgencyId(request) }),
      },
    }),
  });

  app.get('/advertisers/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One of the agency’s advertisers',
      params: idParams,
      response: { 200: advertiserResponse },
    },
    handler: async (request) => ({
      data: {
        advertiser: await getAdvertiser(deps, { agencyId: ownAgencyId(request) }, request.params.id),
      },
    }),
  });

  app.post('/advertisers', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Add an advertiser under the agency with its first user (who gets an activation e-mail)',
      body: createAgencyAdvertiserBody,
      response: { 201: agencyAdvertiserCreatedResponse },
    },
    handler: async (request, reply) => {
      const data = await inTransaction(deps, (tx) =>
        createAgencyAdvertiser(tx, ownAgencyId(request), request.body, actorOf(request)),
      );
      reply.code(201);
      return { data };
    },
  });

  app.put('/advertisers/:id', {
    config: { access: write },
    schema: {
      tags,
      summary:
        "Edit an advertiser's name, website, commission (within the agency's limit), agency-paid campaigns and billing data",
      params: idParams,
      body: agencyAdvertiserBody,
      response: { 200: advertiserResponse },
    },
    handler: async (request) => ({
      data: {
        advertiser: await inTransaction(deps, (tx) =>
          updateAdvertiser(
            tx,
            { agencyId: ownAgencyId(request) },
            request.params.id,
            request.body,
            actorOf(request),
          ),
        ),
      },
    }),
  });
};
