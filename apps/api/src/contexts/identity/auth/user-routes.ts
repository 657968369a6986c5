import { idParams, statusBody } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf } from '../../../core/client-info';
import type { AppDeps } from '../../../core/deps';
import { resendVerificationEmail } from './activation';

/** `/api/user/auth/...`: what a user not yet signed in asks for whatever their panel. */
export const userAuthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post('/user/auth/resend-verification-email/:id', {
    config: { access: 'public' },
    schema: {
      tags: ['public'],
      summary: 'Send the activation e-mail again',
      params: idParams,
      response: { 200: statusBody },
    },
    handler: async (request) => {
      await resendVerificationEmail(deps, request.params.id, clientOf(request));
      return { data: { status: 'verification_sent' } };
    },
  });
};
