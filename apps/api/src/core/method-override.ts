import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);
const bufferedBody = Symbol('bufferedBody');
type Buffered = IncomingMessage & { [bufferedBody]?: Buffer };

/**
 * `POST` with `_method: PUT|PATCH|DELETE` in a JSON body is treated as that method
 * (spec section 7). Routing happens before Fastify reads the body, so this runs in front of
 * Fastify's handler: it reads a small JSON POST body, rewrites the method, and hands the
 * body (without `_method`) back to Fastify through `preParsing`.
 */
export function withMethodOverride(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  bodyLimit: number,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const contentType = req.headers['content-type'] ?? '';
    const length = Number(req.headers['content-length'] ?? Number.NaN);
    if (req.method !== 'POST' || !contentType.startsWith('application/json') || !(length <= bodyLimit)) {
      handler(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('error', () => res.destroy());
    req.once('end', () => {
      const body = Buffer.concat(chunks);
      let forwarded = body;
      try {
        const parsed = JSON.parse(body.toString('utf8')) as unknown;
        const method = overrideOf(parsed);
        if (method) {
          const { _method: _, ...rest } = parsed as Record<string, unknown>;
          req.method = method;
          forwarded = Buffer.from(JSON.stringify(rest));
          req.headers['content-length'] = String(forwarded.length);
        }
      } catch {
        // Not JSON after all: Fastify's parser answers with its own 400.
      }
      (req as Buffered)[bufferedBody] = forwarded;
      handler(req, res);
    });
  };
}

function overrideOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('_method' in body)) return undefined;
  const method = String((body as { _method: unknown })._method).toUpperCase();
  return OVERRIDABLE.has(method) ? method : undefined;
}

/** Gives Fastify the body the front handler already read. */
export function registerBufferedBody(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const body = (request.raw as Buffered)[bufferedBody];
    return body ? Readable.from([body]) : payload;
  });
}
