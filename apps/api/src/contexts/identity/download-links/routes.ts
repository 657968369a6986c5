import { accountKinds, downloadLinkBody, downloadLinkResponse } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../core/access';
import { clientOf } from '../../../core/client-info';
import type { AppDeps } from '../../../core/deps';
import type { DownloadRoutes } from '../../../core/download-routes';
import { createDownloadLink } from './create-download-link';

/** `POST /api/{admin|agency|advertiser}/download-links`: a short-lived link to one download. */
export const downloadLinkRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; downloads: DownloadRoutes }> = async (
  app,
  { deps, downloads },
) => {
  for (const kind of accountKinds) {
    app.post(`/${kind}/download-links`, {
      config: { access: { kind } },
      schema: {
        tags: [`${kind} download links`],
        summary:
          'A link that opens a download (`path`: e.g. an invoice PDF) in a new tab: the path with `?authorization=`, working once, within 60 seconds',
        body: downloadLinkBody,
        response: { 200: downloadLinkResponse },
      },
      handler: async (request) => {
        // Only the session token: organisation headers cannot follow the link into a new tab.
        const authorization = request.headers.authorization ?? '';
        const canRead = async (path: string) =>
          (await app.inject({ method: 'HEAD', url: path, headers: { authorization } })).statusCode;
        return {
          data: await createDownloadLink(deps, principalOf(request), request.body.path, {
            downloads,
            canRead,
            client: clientOf(request),
          }),
        };
      },
    });
  }
};
