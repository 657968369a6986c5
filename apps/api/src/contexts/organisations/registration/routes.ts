import { registerAdvertiserBody, registerAgencyBody, statusBody } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf } from '../../../core/client-info';
import type { AppDeps } from '../../../core/deps';
import { actorOf } from '../../platform';
import { register } from './register';

/** `POST /api/agency/auth/register` and `POST /api/advertiser/auth/register`. */
export const registrationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const answer = { data: { status: 'verification_sent' } } as const;

  app.post('/agency/auth/register', {
    config: { access: 'public' },
    schema: {
      tags: ['agency auth'],
      summary: 'Register an agency and its first user',
      body: registerAgencyBody,
      response: { 201: statusBody },
    },
    handler: async (request, reply) => {
      reply.code(201);
      await register(deps, { kind: 'agency', body: request.body }, clientOf(request), (id) =>
        actorOf(request, id),
      );
      return answer;
    },
  });

  app.post('/advertiser/auth/register', {
    config: { access: 'public' },
    schema: {
      tags: ['advertiser auth'],
      summary: 'Register an advertiser and its first user',
      body: registerAdvertiserBody,
      response: { 201: statusBody },
    },
    handler: async (request, reply) => {
      reply.code(201);
      await register(deps, { kind: 'advertiser', body: request.body }, clientOf(request), (id) =>
        actorOf(request, id),
      );
      return answer;
    },
  });
};
