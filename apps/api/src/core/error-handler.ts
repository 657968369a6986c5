import { messages } from '@rtb/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldErrors } from './errors';
import { HttpError } from './errors';
import { isAppNavigation } from './web-app';

/** The server is gone, refuses connections, or ended the session (SQLSTATE or socket codes). */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** pg's own errors carry no code, only these messages. */
const DATABASE_DOWN_MESSAGES = [
  'Connection terminated', // 'unexpectedly', or 'due to connection timeout'
  'timeout exceeded when trying to connect',
  'is not queryable', // a query on a client whose connection already failed
];

/** A query stopped by a configured timeout (docs/operations.md): the transaction rolled back. */
const QUERY_TIMEOUT_CODES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
]);

/** pg's client-side timeout: the server gave no answer at all within it. */
const CLIENT_QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

/** The first error along the `cause` chain (Drizzle wraps the driver's) that `matches`. */
function causedBy(error: unknown, matches: (e: { code?: string; message?: string }) => boolean): boolean {
  const seen = new Set<unknown>();
  for (let e = error as { code?: string; message?: string; cause?: unknown } | undefined; e; ) {
    if (seen.has(e)) return false;
    seen.add(e);
    if (matches(e)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

function isDatabaseDown(error: unknown): boolean {
  return causedBy(
    error,
    (e) =>
      (e.code !== undefined && DATABASE_DOWN_CODES.has(e.code)) ||
      DATABASE_DOWN_MESSAGES.some((m) => e.message?.includes(m)),
  );
}

function isQueryTimeout(error: unknown): boolean {
  return causedBy(
    error,
    (e) =>
      (e.code !== undefined && QUERY_TIMEOUT_CODES.has(e.code)) || e.message === CLIENT_QUERY_TIMEOUT_MESSAGE,
  );
}

/** Zod issues as `{"field.sub": ["msg"]}`; a body-level issue goes under `_`. */
function fieldErrors(issues: { instancePath: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    const list = errors[key] ?? [];
    list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

/**
 * Every failure leaves as `{message, code, errors?}` with the spec's texts; a 500 says
 * nothing of its cause, which goes to the log with the request id.
 */
export function registerErrorHandling(app: FastifyInstance, options: { webApp?: boolean } = {}): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({
        message: error.message,
        code: error.statusCode,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        instancePath: v.instancePath,
        message: v.message ?? 'Invalid value.',
      }));
      return reply.code(422).send({ message: messages.validation, code: 422, errors: fieldErrors(issues) });
    }
    if (error.code === 'FST_ERR_HANDLER_TIMEOUT') {
      request.log.warn({ err: error }, 'request timed out');
      return reply.code(503).send({ message: messages.requestTimeout, code: 503 });
    }
    if (isQueryTimeout(error)) {
      request.log.error({ err: error }, 'database query timed out');
      return reply.code(503).send({ message: messages.requestTimeout, code: 503 });
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).send({ message: messages.databaseUnavailable, code: 503 });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported media type, body too large: the client's mistake, said plainly.
      const message = status === 404 ? messages.notFound : error.message;
      return reply.code(status).send({ message, code: status });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: messages.critical, code: 500 });
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.webApp && isAppNavigation(request.method, request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: messages.notFound, code: 404 });
  });
}
