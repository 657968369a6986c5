import {
  advertiserBody,
  advertiserResponse,
  advertiserStatusResponse,
  advertisersQuery,
  advertisersResponse,
  idParams,
  logStatusVerificationsResponse,
  statusHistoryQuery,
  statusVerificationBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { everyAdvertiser } from '../organisations/advertisers-repository';
import { changeAdvertiserStatus } from '../verification/change-status';
import { statusHistory } from '../verification/status-history';
import { createAdvertiser } from './create-advertiser';
import { getAdvertiser } from './get-advertiser';
import { listAdvertisersPage } from './list-advertisers';
import { updateAdvertiser } from './update-advertiser';

const read: RouteAccess = { kind: 'admin', permission: ['advertisers', 'read'] };
const write: RouteAccess = { kind: 'admin', permission: ['advertisers', 'write'] };

/** `/api/admin/advertisers/...`: the admin panel's advertisers and their verification history. */
export const advertisersRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin advertisers'];

  app.get('/advertisers', {
    config: { access: read },
    schema: {
      tags,
      summary: 'List advertisers (search by name, code, external id or website; filter by agency and status)',
      querystring: advertisersQuery,
      response: { 200: advertisersResponse },
    },
    handler: async (request) => ({ data: { advertisers: await listAdvertisersPage(deps, request.query) } }),
  });

  app.get('/advertisers/:id', {
    config: { access: read },
    schema: { tags, summary: 'One advertiser', params: idParams, response: { 200: advertiserResponse } },
    handler: async (request) => ({
      data: { advertiser: await getAdvertiser(deps, everyAdvertiser, request.params.id) },
    }),
  });

  app.post('/advertisers', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Add an advertiser (unverified, with zero balances; an empty code is generated)',
      body: advertiserBody,
      response: { 201: advertiserResponse },
    },
    handler: async (request, reply) => {
      const advertiser = await inTransaction(deps, (tx) =>
        createAdvertiser(tx, request.body, actorOf(request)),
      );
      reply.code(201);
      return { data: { advertiser } };
    },
  });

  app.put('/advertisers/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: "Edit an advertiser's details, agency, website, commission, billing data and credit",
      params: idParams,
      body: advertiserBody,
      response: { 200: advertiserResponse },
    },
    handler: async (request) => ({
      data: {
        advertiser: await inTransaction(deps, (tx) =>
          updateAdvertiser(tx, everyAdvertiser, request.params.id, request.body, actorOf(request)),
        ),
      },
    }),
  });

  app.post('/advertisers/:id/status-verifications', {
    config: { access: write },
    schema: {
      tags,
      summary: "Change an advertiser's verification status (kept in its history)",
      params: idParams,
      body: statusVerificationBody,
      response: { 201: advertiserStatusResponse },
    },
    handler: async (request, reply) => {
      const data = await inTransaction(deps, (tx) =>
        changeAdvertiserStatus(tx, request.params.id, request.body, actorOf(request)),
      );
      reply.code(201);
      return { data };
    },
  });

  app.get('/advertisers/:id/status-verifications', {
    config: { access: read },
    schema: {
      tags,
      summary: "An advertiser's verification status changes, newest first, with who made them",
      params: idParams,
      querystring: statusHistoryQuery,
      response: { 200: logStatusVerificationsResponse },
    },
    handler: async (request) => ({
      data: {
        logStatusVerifications: await statusHistory(deps, 'advertiser', request.params.id, request.query),
      },
    }),
  });
};
