import {
  acceptRegulationsBody,
  createRegulationBody,
  currentRegulationsQuery,
  currentRegulationsResponse,
  enabledBody,
  idParams,
  logRegulationsQuery,
  logRegulationsResponse,
  meRegulationQuery,
  meRegulationResponse,
  regulationResponse,
  regulationsQuery,
  regulationsResponse,
  updateRegulationBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownOrganisationOf, principalOf, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { acceptRegulations } from './accept-regulations';
import { createRegulation } from './create-regulation';
import { currentRegulations } from './current-regulations';
import { getRegulation } from './get-regulation';
import { listLogRegulationsPage } from './list-log-regulations';
import { listRegulationsPage } from './list-regulations';
import { organisationRegulations } from './organisation-regulations';
import { setRegulationEnabledState } from './set-enabled';
import { updateRegulation } from './update-regulation';

const read: RouteAccess = { kind: 'admin', permission: ['regulations', 'read'] };
const write: RouteAccess = { kind: 'admin', permission: ['regulations', 'write'] };

/** `/api/admin/regulations/...` (versions, texts, enabled) and `/api/admin/log-regulations`. */
const adminRegulationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin regulations'];

  app.get('/regulations', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Versions of the regulations (filter by type and status, search the texts)',
      querystring: regulationsQuery,
      response: { 200: regulationsResponse },
    },
    handler: async (request) => ({ data: { regulations: await listRegulationsPage(deps, request.query) } }),
  });

  app.get('/regulations/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One version with its texts',
      params: idParams,
      response: { 200: regulationResponse },
    },
    handler: async (request) => ({ data: { regulation: await getRegulation(deps, request.params.id) } }),
  });

  app.post('/regulations', {
    config: { access: write },
    schema: {
      tags,
      summary: 'A new version of a type (numbered after the newest; starts disabled)',
      body: createRegulationBody,
      response: { 201: regulationResponse },
    },
    handler: async (request, reply) => {
      const regulation = await inTransaction(deps, (tx) =>
        createRegulation(tx, request.body, actorOf(request)),
      );
      reply.code(201);
      return { data: { regulation } };
    },
  });

  app.put('/regulations/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: "Replace a version's texts (refused once anyone accepted it)",
      params: idParams,
      body: updateRegulationBody,
      response: { 200: regulationResponse },
    },
    handler: async (request) => ({
      data: {
        regulation: await inTransaction(deps, (tx) =>
          updateRegulation(tx, request.params.id, request.body, actorOf(request)),
        ),
      },
    }),
  });

  app.put('/regulations/:id/enabled', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Enable or disable a version (the newest enabled one is current)',
      params: idParams,
      body: enabledBody,
      response: { 200: regulationResponse },
    },
    handler: async (request) => ({
      data: {
        regulation: await inTransaction(deps, (tx) =>
          setRegulationEnabledState(tx, request.params.id, request.body.enabled, actorOf(request)),
        ),
      },
    }),
  });

  app.get('/log-regulations', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Acceptances, newest first (filter by version and organisation)',
      querystring: logRegulationsQuery,
      response: { 200: logRegulationsResponse },
    },
    handler: async (request) => ({
      data: { logRegulations: await listLogRegulationsPage(deps, request.query) },
    }),
  });
};

/** `GET /api/regulations/current`: what the public terms pages show. */
const publicRegulationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/regulations/current', {
    config: { access: 'public' },
    schema: {
      tags: ['public'],
      summary: 'The current version of each regulation (or of one type), in a language, else in English',
      querystring: currentRegulationsQuery,
      response: { 200: currentRegulationsResponse },
    },
    handler: async (request) => ({ data: { regulations: await currentRegulations(deps, request.query) } }),
  });
};

/** `/api/{agency|advertiser}/me/regulation`: the organisation's acceptance of the regulations. */
const meRegulationRoutes: FastifyPluginAsyncZod<{ kind: 'agency' | 'advertiser'; deps: AppDeps }> = async (
  app,
  { kind, deps },
) => {
  const tags = [`${kind} me`];
  const access: RouteAccess = { kind };

  app.get('/me/regulation', {
    config: { access },
    schema: {
      tags,
      summary: "The current regulations and whether the user's organisation accepted them",
      querystring: meRegulationQuery,
      response: { 200: meRegulationResponse },
    },
    handler: async (request) => ({
      data: await organisationRegulations(
        deps,
        ownOrganisationOf(kind, request),
        request.query.locale ?? principalOf(request).locale,
      ),
    }),
  });

  app.post('/me/regulation', {
    config: { access },
    schema: {
      tags,
      summary: "Accept current regulations for the user's organisation",
      querystring: meRegulationQuery,
      body: acceptRegulationsBody,
      response: { 200: meRegulationResponse },
    },
    handler: async (request) => {
      const org = ownOrganisationOf(kind, request);
      return {
        data: await inTransaction(deps, async (tx) => {
          await acceptRegulations(tx, org, request.body.regulationIds, actorOf(request));
          return organisationRegulations(tx, org, request.query.locale ?? principalOf(request).locale);
        }),
      };
    },
  });
};

/** Every regulations route: admin, public, and the agency and advertiser users' own. */
export const regulationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(adminRegulationRoutes, { prefix: '/admin', deps });
  await app.register(publicRegulationRoutes, { deps });
  for (const kind of ['agency', 'advertiser'] as const)
    await app.register(meRegulationRoutes, { prefix: `/${kind}`, kind, deps });
};
