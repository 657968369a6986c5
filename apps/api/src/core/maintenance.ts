import { configKeys } from '@rtb/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps';
import { HttpError } from './errors';

/** Admin routes, the docs and the health check stay up. */
const EXEMPT = ['/api/admin/', '/api/docs', '/api/health'];

/** Only admins get through while the `maintenance` config value is on (DESIGN.md section 4). */
export function registerMaintenance(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (!url.startsWith('/api') || EXEMPT.some((prefix) => url.startsWith(prefix))) return;
    if (request.principal?.kind === 'admin') return;
    if (await deps.settings.boolean(deps.db, configKeys.maintenance)) {
      throw new HttpError(503, 'common.maintenance');
    }
  });
}
