import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { REQUEST_TIMEOUT_MS } from '@rtb/shared';

/** How long a client may take (milliseconds); Node checks them every second. */
export interface ServerLimits {
  /** The whole request, headers and body; also the longest a socket may stay silent. */
  requestMs: number;
  /** The headers alone (at most `requestMs`). */
  headersMs: number;
  /** An idle keep-alive connection. */
  keepAliveMs: number;
}

/** The limits of every HTTP server of ours (docs/operations.md, 'Timeouts'). */
export const serverLimits: ServerLimits = {
  requestMs: REQUEST_TIMEOUT_MS,
  headersMs: 10_000,
  keepAliveMs: 5_000,
};

/**
 * Limits of every HTTP server of ours (docs/operations.md, 'Timeouts'): a whole request (headers
 * and body) within `REQUEST_TIMEOUT_MS` (30 s), its headers within 10 s, a keep-alive connection
 * idle for 5 s closed, and no socket silent longer than the request limit. Node checks them every
 * second, so a slow client is cut within a second of its limit. Tests pass shorter `limits`.
 */
export function boundedServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  limits: ServerLimits = serverLimits,
): http.Server {
  const server = http.createServer(
    {
      requestTimeout: limits.requestMs,
      headersTimeout: limits.headersMs,
      keepAliveTimeout: limits.keepAliveMs,
      connectionsCheckingInterval: 1_000,
    },
    handler,
  );
  server.setTimeout(limits.requestMs);
  return server;
}
