import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app (one port for everything). Hashed assets are cached for a year;
 * any other GET outside /api gets index.html, so the app's own router handles the path.
 * Source maps are never served, should a build leave them next to the code.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<boolean> {
  if (!existsSync(join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

/**
 * Paths the web app never answers: the API, the trackers, its own assets (a missing script
 * answered with index.html would fail obscurely), creatives and product images (served on their
 * own, sandboxed; a missing one is a 404, never the panel), and the operator's health, readiness
 * and metrics (a probe must never see the panel's page as 'healthy').
 */
const notTheApp = /^\/(api|rtb|assets\/|img\/|creatives(\/|$|\?)|(healthz|readyz|metrics)(\/|$|\?))/;

/** True for a browser navigation that the web app should answer. */
export function isAppNavigation(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !notTheApp.test(url);
}
