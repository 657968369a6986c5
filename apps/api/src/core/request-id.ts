import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const VALID = /^[\w.-]{8,64}$/;

/** Keeps a caller's `x-request-id` when it looks like one, so a request is traceable end to end. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && VALID.test(given) ? given : randomUUID();
}

/** Request URL for logs, without a token passed in the query string. */
export function loggableUrl(url: string | undefined): string | undefined {
  return url?.replace(/([?&]authorization=)[^&]*/gi, '$1[redacted]');
}
