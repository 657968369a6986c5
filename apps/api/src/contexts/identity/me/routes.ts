import { type AccountKind, changePasswordBody, meResponse, updateMeBody } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { toMeDto } from '../auth/me-dto';
import { changePassword } from './change-password';
import { updateMe } from './update-me';

/** `/api/{admin|agency|advertiser}/me` and `me/password`. */
export const meRoutes: FastifyPluginAsyncZod<{ kind: AccountKind; deps: AppDeps }> = async (
  app,
  { kind, deps },
) => {
  const tags = [`${kind} me`];
  const access = { kind };
  // Service users have no User Settings (spec section 6): they may load, not change, themselves.
  const change = { kind, refuseServiceUsers: kind !== 'admin' };

  app.get('/me', {
    config: { access },
    schema: { tags, summary: 'The signed-in user', response: { 200: meResponse } },
    handler: async (request) => ({ data: { me: toMeDto(principalOf(request)) } }),
  });

  app.put('/me', {
    config: { access: change },
    schema: {
      tags,
      summary: 'Edit own names, phone and language',
      body: updateMeBody,
      response: { 200: meResponse },
    },
    handler: async (request) => ({
      data: {
        me: await inTransaction(deps, (tx) =>
          updateMe(tx, principalOf(request), request.body, actorOf(request)),
        ),
      },
    }),
  });

  app.post('/me/password', {
    config: { access: change },
    schema: { tags, summary: 'Change own password', body: changePasswordBody, response: { 200: meResponse } },
    handler: async (request) => ({
      data: {
        me: await inTransaction(deps, (tx) =>
          changePassword(tx, principalOf(request), request.body, actorOf(request)),
        ),
      },
    }),
  });
};

/** `GET /api/auth`: the signed-in user of any panel (the web app's general profile load). */
export const generalMeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/auth', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['public'],
      summary: 'The signed-in user, whatever the panel',
      response: { 200: meResponse },
    },
    handler: async (request) => ({ data: { me: toMeDto(principalOf(request)) } }),
  });
};
