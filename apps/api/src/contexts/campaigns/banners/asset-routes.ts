import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { openAsset } from './serve-asset';

/** Where creatives are served, outside /api and the panel's pages. */
export const CREATIVES_PREFIX = '/creatives';

/**
 * An HTML5 creative runs in a sandbox without allow-same-origin: an opaque origin, so it never
 * reaches the panel's cookies, storage or API, whoever opens it. It loads only its own files,
 * connects nowhere, submits no form, and may open its landing page in a new window. Exchanges
 * embed it in their frames.
 */
export const creativeDocumentPolicy = [
  'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox',
  "default-src 'self' data: blob:",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** Anything else (an image, a style sheet, a script) loads nothing and, opened alone, runs nothing. */
export const creativeFilePolicy = "default-src 'none'; sandbox";

const YEAR_S = 365 * 24 * 3600;

/**
 * `GET /creatives/<assetKey>/<path>`: a creative's files, public (exchanges fetch them), with a
 * policy of their own instead of the panel's: the panel's helmet CSP and frame denial are off
 * for this route, and each answer says its own. The content under a key never changes (a new
 * file gets a new key), so it is cached for a year.
 */
export const bannerAssetRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(`${CREATIVES_PREFIX}/:assetKey/*`, {
    config: {
      access: 'public',
      helmet: {
        contentSecurityPolicy: false,
        xFrameOptions: false,
        crossOriginResourcePolicy: { policy: 'cross-origin' },
      },
    },
    schema: {
      hide: true,
      params: z.object({ assetKey: z.string(), '*': z.string() }),
    },
    handler: async (request, reply) => {
      reply.header('content-security-policy', creativeFilePolicy);
      const file = await openAsset(deps, request.params.assetKey, request.params['*']);
      if (!file) throw notFound();
      reply.header('content-security-policy', file.document ? creativeDocumentPolicy : creativeFilePolicy);
      reply.header('cache-control', `public, max-age=${YEAR_S}, immutable`);
      reply.header('etag', file.etag);
      reply.header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === file.etag) {
        file.stream.destroy();
        return reply.code(304).send();
      }
      reply.header('content-type', file.contentType);
      reply.header('content-length', file.size);
      return reply.send(file.stream);
    },
  });
};
