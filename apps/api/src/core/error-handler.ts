import { messages } from '@rtb/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldErrors } from './errors';
import { HttpError } from './errors';
import { isAppNavigation } from './web-app';

const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

function isDatabaseDown(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code && DATABASE_DOWN_CODES.has(e.code)) return true;
  if (
    e.message?.includes('Connection terminated') ||
    e.message?.includes('timeout exceeded when trying to connect')
  )
    return true;
  return e.cause !== undefined && e.cause !== error && isDatabaseDown(e.cause);
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
