import { urlVerificationResponse, urlVerifyBody } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf } from '../../../core/client-info';
import type { AppDeps } from '../../../core/deps';
import { verifyUrl } from './verify-url';

export const urlVerifyRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post('/url/verify', {
    config: { access: 'public' },
    schema: {
      tags: ['public'],
      summary: 'Check that a URL is well formed and answers over HTTP(S)',
      body: urlVerifyBody,
      response: { 200: urlVerificationResponse },
    },
    handler: async (request) => ({
      data: {
        urlVerification: await verifyUrl(deps, request.body.url, {
          limit: ['urlVerifyPerIp', clientOf(request).ip ?? 'unknown'],
          field: 'url',
        }),
      },
    }),
  });
};
