import { registerAdvertiserBody, registerAgencyBody, statusBody } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, inTransaction } from '../../core/deps';
import { actorOf } from '../activity-logs/service';
import { clientOf } from '../auth/routes';
import { register } from './register';

const isLoginTaken = (err: unknown): boolean => {
  const e = err as { code?: string; constraint?: string; cause?: unknown };
  return (
    (e?.code === '23505' && e.constraint === 'accounts_login_unique') ||
    (e?.cause !== undefined && isLoginTaken(e.cause))
  );
};

/** `POST /api/agency/auth/register` and `POST /api/advertiser/auth/register`. */
export const registrationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const answer = { data: { status: 'verification_sent' } };
  const run = async (work: (tx: AppDeps) => Promise<void>) => {
    try {
      await inTransaction(deps, work);
    } catch (err) {
      // The same address registered twice at once: the other request created the account.
      if (!isLoginTaken(err)) throw err;
    }
    return answer;
  };

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
      return run((tx) =>
        register(tx, { kind: 'agency', body: request.body }, clientOf(request), (id) => actorOf(request, id)),
      );
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
      return run((tx) =>
        register(tx, { kind: 'advertiser', body: request.body }, clientOf(request), (id) =>
          actorOf(request, id),
        ),
      );
    },
  });
};
