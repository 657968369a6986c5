import { type ErrorCode, issueOfZod, messages } from '@rtb/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FieldErrors, type FieldIssues, fieldIssues, HttpError } from './errors';
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

/** What fastify-type-provider-zod reports of each zod issue. */
interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** The value at a slash path of the request part that failed (to tell a missing value from a short one). */
function valueAt(part: unknown, instancePath: string): unknown {
  let value = part;
  for (const name of instancePath.split('/').filter(Boolean)) {
    value =
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  }
  return value;
}

/**
 * Zod issues as `{"field.sub": ["msg"]}` and the same by code; a body-level issue goes under `_`.
 */
function validationFailure(issues: ValidationIssue[], part: unknown) {
  const errors: FieldErrors = {};
  const byCode: FieldIssues = {};
  for (const issue of issues) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    const message = issue.message ?? 'Invalid value.';
    errors[key] = [...(errors[key] ?? []), message];
    const coded = issueOfZod(
      { ...issue.params, code: issue.keyword, message },
      valueAt(part, issue.instancePath),
    );
    byCode[key] = [...(byCode[key] ?? []), coded];
  }
  return { errors, issues: byCode };
}

/** A body of a code whose text is the spec's (`messages`), with no field errors. */
const plain = (reply: FastifyReply, status: number, error: ErrorCode, message: string) =>
  reply.code(status).send({ message, code: status, error });

/**
 * The request part a validation error is about. Fastify names the query's context `querystring`;
 * the request holds it as `query`.
 */
const partOf = (request: FastifyRequest, context: string | undefined): unknown => {
  if (context === 'querystring') return request.query;
  return context === 'body' || context === 'params' || context === 'headers' ? request[context] : undefined;
};

/**
 * Every failure leaves as `{message, code, error, params?, errors?, issues?}` (errorBody in
 * packages/shared): the spec's text, the HTTP status, the stable code; a 500 says
 * nothing of its cause, which goes to the log with the request id.
 */
export function registerErrorHandling(app: FastifyInstance, options: { webApp?: boolean } = {}): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({
        message: error.message,
        code: error.statusCode,
        error: error.error,
        ...(error.params ? { params: error.params } : {}),
        ...(error.errors ? { errors: error.errors, issues: fieldIssues(error.errors) } : {}),
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = partOf(request, error.validationContext);
      return reply.code(422).send({
        message: messages.validation,
        code: 422,
        error: 'validation.failed',
        ...validationFailure(error.validation as ValidationIssue[], part),
      });
    }
    if (error.code === 'FST_ERR_HANDLER_TIMEOUT') {
      request.log.warn({ err: error }, 'request timed out');
      return plain(reply, 503, 'common.request_timeout', messages.requestTimeout);
    }
    if (isQueryTimeout(error)) {
      request.log.error({ err: error }, 'database query timed out');
      return plain(reply, 503, 'common.request_timeout', messages.requestTimeout);
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return plain(reply, 503, 'database.unavailable', messages.databaseUnavailable);
    }
    const status = error.statusCode ?? 500;
    if (status === 404) return plain(reply, 404, 'common.not_found', messages.notFound);
    // Malformed JSON, unsupported media type, body too large: the client's mistake, said plainly.
    if (status >= 400 && status < 500) return plain(reply, status, 'common.bad_request', error.message);
    request.log.error({ err: error }, 'unhandled error');
    return plain(reply, 500, 'common.critical', messages.critical);
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.webApp && isAppNavigation(request.method, request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return plain(reply, 404, 'common.not_found', messages.notFound);
  });
}
