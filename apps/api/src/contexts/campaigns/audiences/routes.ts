import {
  audienceBody,
  audienceEnvelope,
  audiencesEnvelope,
  audiencesQuery,
  idParams,
  statusBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAdvertiserId, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { createAudience } from './create-audience';
import { removeAudience } from './delete-audience';
import { getAudience } from './get-audience';
import { listAudiencesPage } from './list-audiences';
import { updateAudienceSettings } from './update-audience';

/**
 * `/api/advertiser/audiences`: the advertiser's audiences (the advertiser from the token, never
 * from a body), part of its integrations. Each answer carries the audience's size now.
 */
export const audienceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['advertiser audiences'];
  const read: RouteAccess = { kind: 'advertiser', permission: ['integrations', 'read'] };
  const write: RouteAccess = { kind: 'advertiser', permission: ['integrations', 'write'] };

  app.get('/audiences', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The advertiser’s audiences (search by name), newest first, with their estimated sizes',
      querystring: audiencesQuery,
      response: { 200: audiencesEnvelope },
    },
    handler: async (request) => ({
      data: { audiences: await listAudiencesPage(deps, ownAdvertiserId(request), request.query) },
    }),
  });

  app.post('/audiences', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Create an audience: a rule over the tag’s events and its lookback in days',
      body: audienceBody,
      response: { 201: audienceEnvelope },
    },
    handler: async (request, reply) => {
      const advertiserId = ownAdvertiserId(request);
      const audience = await inTransaction(deps, (tx) =>
        createAudience(tx, advertiserId, request.body, actorOf(request)),
      );
      reply.code(201);
      return { data: { audience } };
    },
  });

  app.get('/audiences/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One of the advertiser’s audiences with its estimated size',
      params: idParams,
      response: { 200: audienceEnvelope },
    },
    handler: async (request) => ({
      data: { audience: await getAudience(deps, ownAdvertiserId(request), request.params.id) },
    }),
  });

  app.put('/audiences/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Change an audience’s name, rule, product type or lookback',
      params: idParams,
      body: audienceBody,
      response: { 200: audienceEnvelope },
    },
    handler: async (request) => {
      const advertiserId = ownAdvertiserId(request);
      const audience = await inTransaction(deps, (tx) =>
        updateAudienceSettings(tx, advertiserId, request.params.id, request.body, actorOf(request)),
      );
      return { data: { audience } };
    },
  });

  app.delete('/audiences/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Delete an audience no campaign includes or excludes',
      params: idParams,
      response: { 200: statusBody },
    },
    handler: async (request) => {
      const advertiserId = ownAdvertiserId(request);
      await inTransaction(deps, (tx) =>
        removeAudience(tx, advertiserId, request.params.id, actorOf(request)),
      );
      return { data: { status: 'deleted' } };
    },
  });
};
