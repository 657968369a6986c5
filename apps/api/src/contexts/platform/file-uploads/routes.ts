import { accountKinds, idParams } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownOrganisationOf } from '../../../core/access';
import { attachmentDisposition } from '../../../core/attachment-disposition';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { fileForDownload } from './download-file';
import { readStoredFile } from './file-store';

/**
 * `GET /api/{admin|agency|advertiser}/file-uploads/:id/download`. Every upload so far is a
 * support attachment, so the support permission guards them; an agency or advertiser user
 * gets only their own organisation's files.
 */
export const fileUploadRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const kind of accountKinds) {
    app.get(`/${kind}/file-uploads/:id/download`, {
      config: { access: { kind, permission: ['support', 'read'] }, download: true },
      schema: {
        tags: [`${kind} file uploads`],
        summary: 'Download an uploaded file (always as an attachment)',
        params: idParams,
      },
      handler: async (request, reply) => {
        const viewer = kind === 'admin' ? null : ownOrganisationOf(kind, request);
        const file = await fileForDownload(deps, request.params.id, viewer);
        const content = await readStoredFile(deps.config, file.storageKey);
        if (!content) {
          request.log.error({ fileUploadId: file.id }, 'uploaded file missing from the file store');
          throw notFound();
        }
        return reply
          .header('content-type', file.mimeType)
          .header('content-length', file.size)
          .header('content-disposition', attachmentDisposition(file.name))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(content);
      },
    });
  }
};
