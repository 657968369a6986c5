import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { REQUEST_TIMEOUT_MS } from '@rtb/shared';

/**
 * Limits of every HTTP server of ours (docs/operations.md, 'Timeouts'): a whole request (headers
 * and body) within `REQUEST_TIMEOUT_MS` (30 s), its headers within 10 s, a keep-alive connection
 * idle for 5 s closed, and no socket silent longer than the request limit. Node checks them every
 * second, so a slow client is cut within a second of its limit.
 */
export function boundedServer(handler: (req: IncomingMessage, res: ServerResponse) => void): http.Server {
  const server = http.createServer(
    {
      requestTimeout: REQUEST_TIMEOUT_MS,
      headersTimeout: 10_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1_000,
    },
    handler,
  );
  server.setTimeout(REQUEST_TIMEOUT_MS);
  return server;
}
