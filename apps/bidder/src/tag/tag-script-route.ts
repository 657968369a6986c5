import type { FastifyInstance } from 'fastify';
import type { BidderConfig } from '../config';
import { buildTagScript } from './tag-script';

/** Shops' pages may keep the script an hour: a new version reaches them within that. */
const MAX_AGE_SECONDS = 3_600;

/**
 * `GET /tag.js`: the shop's tracking tag, loaded by the snippet (`tagSnippet` in packages/shared)
 * from any site. Cacheable by browsers and proxies, revalidated with its ETag, and sent gzipped
 * to the browsers that take it.
 */
export function registerTagScriptRoute(app: FastifyInstance, config: BidderConfig) {
  const script = buildTagScript(config.publicUrl);
  app.get('/tag.js', { config: { access: 'public' } }, async (request, reply) => {
    reply
      .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
      .header('etag', script.etag)
      .header('vary', 'accept-encoding')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .type('text/javascript; charset=utf-8');
    const match = request.headers['if-none-match'];
    if (typeof match === 'string' && match.split(',').some((tag) => tag.trim() === script.etag))
      return reply.code(304).send();
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
      return reply.header('content-encoding', 'gzip').send(script.gzipped);
    return reply.send(script.body);
  });
}
