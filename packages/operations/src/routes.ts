import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readiness } from './readiness';

export interface OperationsOptions {
  readiness: Readiness;
  /** What `/metrics` serves: the process's registry (or a cluster primary's sum of its workers'). */
  registry: { contentType: string; metrics(): Promise<string> };
  /** When set, `/metrics` asks for `Authorization: Bearer <token>` (`METRICS_TOKEN`). */
  metricsToken?: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the token (compared in constant time). */
function authorised(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * The paths an operator and a load balancer use, on every process (docs/operations.md,
 * 'Health, readiness and metrics'): `/healthz` (200 while the process lives), `/readyz` (200 only
 * when it can serve, else 503 naming the part that cannot) and `/metrics` (Prometheus text).
 * Public, never cached, never the web app.
 */
export function registerOperationsRoutes(app: FastifyInstance, options: OperationsOptions) {
  const plain = { config: { access: 'public' }, schema: { hide: true } } as const;
  app.get('/healthz', plain, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('ok\n'),
  );
  app.get('/readyz', plain, async (_request, reply: FastifyReply) => {
    const report = await options.readiness.report();
    return reply
      .code(report.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: report.ready ? 'ready' : 'not_ready', checks: report.checks });
  });
  app.get('/metrics', plain, async (request, reply) => {
    if (options.metricsToken && !authorised(request, options.metricsToken))
      return reply.code(401).header('www-authenticate', 'Bearer').send();
    return reply
      .header('cache-control', 'no-store')
      .type(options.registry.contentType)
      .send(await options.registry.metrics());
  });
}
