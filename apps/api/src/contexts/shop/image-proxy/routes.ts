import { join } from 'node:path';
import { productImagePath } from '@rtb/delivery';
import { type ProductImageBox, productImageBoxes } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { productImageSource } from '../products/service';
import { fetchImage } from './fetch-image';
import { ImageCache } from './image-cache';
import { PRODUCT_IMAGE_PLACEHOLDER } from './placeholder';
import { ProductImageProxy } from './proxy-image';

const YEAR_S = 365 * 24 * 3600;
/** A rendered image unused this long is swept; shown again, it is rendered again. */
const CACHE_MAX_AGE_MS = 7 * 24 * 3_600_000;
const SWEEP_EVERY_MS = 3_600_000;
/** How long a browser or CDN may keep the answer that an image is not there (it may come back). */
const MISSING_MAX_AGE_S = 300;

const boxOf = (size: string): ProductImageBox | null => {
  const match = /^(\d{2,3})x\1$/.exec(size);
  const box = Number(match?.[1]);
  return (productImageBoxes as readonly number[]).includes(box) ? (box as ProductImageBox) : null;
};

/**
 * `GET /img/products/<key>/<w>x<h>/<version>`: a product's image through us, never hot-linked
 * (the shop never sees who looks at its banners, and a broken or huge image never reaches an
 * exchange's page). Public, like the creatives: exchanges' pages load it. Only the current path
 * of a product's image answers (`productImagePath`), in one of `productImageBoxes`, so nobody
 * can make us fetch or render anything else. The answer never changes under a path: cached a year.
 * A source that cannot be had answers 404 with a neutral placeholder image (`placeholder.ts`).
 */
export const imageProxyRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const cache = new ImageCache(join(deps.config.dataDir, 'image-cache'), CACHE_MAX_AGE_MS);
  const proxy = new ProductImageProxy({
    cache,
    sourceOf: (key) => productImageSource(deps, key),
    pathOf: (key, imageLink, box) => productImagePath(key, imageLink, { width: box, height: box }),
    fetch: (url) => fetchImage(deps, url),
  });
  const sweeper = setInterval(() => {
    cache.sweep().catch((err) => app.log.warn({ err }, 'image cache sweep failed'));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.get('/img/products/:key/:size/:version', {
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
      params: z.object({ key: z.string(), size: z.string(), version: z.string() }),
    },
    handler: async (request, reply) => {
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header('x-content-type-options', 'nosniff');
      const key = Number(request.params.key);
      const box = boxOf(request.params.size);
      const served =
        Number.isSafeInteger(key) && key > 0 && box !== null
          ? await proxy.serve(request.url.split('?')[0] as string, key, box)
          : ({ missing: 'unknown' } as const);
      if ('missing' in served) {
        reply.header('cache-control', `public, max-age=${MISSING_MAX_AGE_S}`);
        if (served.missing === 'unknown') throw notFound();
        // The product's image, but its source cannot be had: the banner shows a placeholder.
        return reply.code(404).type('image/svg+xml').send(PRODUCT_IMAGE_PLACEHOLDER);
      }
      reply.header('cache-control', `public, max-age=${YEAR_S}, immutable`);
      reply.header('etag', served.etag);
      if (request.headers['if-none-match'] === served.etag) {
        served.stream.destroy();
        return reply.code(304).send();
      }
      return reply.type('image/webp').header('content-length', served.size).send(served.stream);
    },
  });
};
