import {
  type AccountKind,
  activateBody,
  loginBody,
  meWithTokenResponse,
  passwordResetRequestBody,
  passwordResetTokenQuery,
  passwordResetUserResponse,
  setPasswordBody,
  statusBody,
} from '@rtb/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../core/access';
import { clientOf } from '../../../core/client-info';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { activate } from './activation';
import { login } from './login';
import { logout } from './logout';
import { lookupResetToken, requestPasswordReset, resetPassword } from './password-reset';

/** `/api/{admin|agency|advertiser}/auth/...` (spec section 7). */
export const authRoutes: FastifyPluginAsyncZod<{ kind: AccountKind; deps: AppDeps }> = async (
  app,
  { kind, deps },
) => {
  const tags = [`${kind} auth`];
  const loginRoute = {
    config: { access: 'public' as const },
    schema: { tags, summary: 'Log in', body: loginBody, response: { 200: meWithTokenResponse } },
    handler: async (request: FastifyRequest<{ Body: typeof loginBody._output }>) => ({
      data: await login(deps, kind, request.body, clientOf(request)),
    }),
  };
  app.post('/auth/token', loginRoute);
  if (kind !== 'admin') app.post('/auth', loginRoute);

  app.delete('/auth/token', {
    config: { access: { kind } },
    schema: { tags, summary: 'Log out (revokes this token)', response: { 200: statusBody } },
    handler: async (request) => {
      await logout(deps, principalOf(request), actorOf(request));
      return { data: { status: 'logged_out' } };
    },
  });

  app.delete('/auth/password', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Request a password-reset e-mail',
      body: passwordResetRequestBody,
      response: { 200: statusBody },
    },
    handler: async (request) => {
      await requestPasswordReset(deps, kind, request.body.login, clientOf(request));
      return { data: { status: 'reset_requested' } };
    },
  });

  app.get('/auth/password-reset-token', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Who a password-reset link is for',
      querystring: passwordResetTokenQuery,
      response: { 200: passwordResetUserResponse },
    },
    handler: async (request) => ({
      data: { user: await lookupResetToken(deps, kind, request.query.token, clientOf(request)) },
    }),
  });

  app.post('/auth/password', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Set a new password with a reset token',
      body: setPasswordBody,
      response: { 200: meWithTokenResponse },
    },
    handler: async (request) => ({
      data: await inTransaction(deps, (tx) => resetPassword(tx, kind, request.body, clientOf(request))),
    }),
  });

  app.post('/auth/activate', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Activate an account with the e-mailed token',
      body: activateBody,
      response: { 200: meWithTokenResponse },
    },
    handler: async (request) => ({
      data: await inTransaction(deps, (tx) => activate(tx, kind, request.body, clientOf(request))),
    }),
  });
};
