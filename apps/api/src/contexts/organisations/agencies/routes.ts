import {
  agenciesQuery,
  agenciesResponse,
  agencyBody,
  agencyResponse,
  agencyStatusResponse,
  idParams,
  logStatusVerificationsResponse,
  statusHistoryQuery,
  statusVerificationBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { changeAgencyStatus } from '../verification/change-status';
import { statusHistory } from '../verification/status-history';
import { createAgency } from './create-agency';
import { getAgency } from './get-agency';
import { listAgenciesPage } from './list-agencies';
import { updateAgency } from './update-agency';

const read: RouteAccess = { kind: 'admin', permission: ['agencies', 'read'] };
const write: RouteAccess = { kind: 'admin', permission: ['agencies', 'write'] };

/** `/api/admin/agencies/...`: the admin panel's agencies and their verification history. */
export const agenciesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin agencies'];

  app.get('/agencies', {
    config: { access: read },
    schema: {
      tags,
      summary: 'List agencies (search by name, tax id or e-mail; filter by status, country, currency)',
      querystring: agenciesQuery,
      response: { 200: agenciesResponse },
    },
    handler: async (request) => ({ data: { agencies: await listAgenciesPage(deps, request.query) } }),
  });

  app.get('/agencies/:id', {
    config: { access: read },
    schema: { tags, summary: 'One agency', params: idParams, response: { 200: agencyResponse } },
    handler: async (request) => ({ data: { agency: await getAgency(deps, request.params.id) } }),
  });

  app.post('/agencies', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Add an agency (unverified, with a zero balance)',
      body: agencyBody,
      response: { 201: agencyResponse },
    },
    handler: async (request, reply) => {
      const agency = await inTransaction(deps, (tx) => createAgency(tx, request.body, actorOf(request)));
      reply.code(201);
      return { data: { agency } };
    },
  });

  app.put('/agencies/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: "Edit an agency's details, billing data, credit and commission limit",
      params: idParams,
      body: agencyBody,
      response: { 200: agencyResponse },
    },
    handler: async (request) => ({
      data: {
        agency: await inTransaction(deps, (tx) =>
          updateAgency(tx, request.params.id, request.body, actorOf(request)),
        ),
      },
    }),
  });

  app.post('/agencies/:id/status-verifications', {
    config: { access: write },
    schema: {
      tags,
      summary: "Change an agency's verification status (kept in its history)",
      params: idParams,
      body: statusVerificationBody,
      response: { 201: agencyStatusResponse },
    },
    handler: async (request, reply) => {
      const data = await inTransaction(deps, (tx) =>
        changeAgencyStatus(tx, request.params.id, request.body, actorOf(request)),
      );
      reply.code(201);
      return { data };
    },
  });

  app.get('/agencies/:id/status-verifications', {
    config: { access: read },
    schema: {
      tags,
      summary: "An agency's verification status changes, newest first, with who made them",
      params: idParams,
      querystring: statusHistoryQuery,
      response: { 200: logStatusVerificationsResponse },
    },
    handler: async (request) => ({
      data: {
        logStatusVerifications: await statusHistory(deps, 'agency', request.params.id, request.query),
      },
    }),
  });
};
