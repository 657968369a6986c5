import { messages } from '@rtb/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './error-handler';
import { HttpError, invalidField } from './errors';

let app: FastifyInstance;

const orderBody = z.object({
  user: z.object({ email: z.email() }),
  items: z.array(z.object({ qty: z.number().int().positive() })).min(1),
});

beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post('/orders', {
    schema: { body: orderBody, response: { 200: z.object({ data: z.object({ count: z.number() }) }) } },
    handler: async (request) => ({ data: { count: request.body.items.length } }),
  });
  typed.get('/search', {
    schema: {
      querystring: z.object({
        perPage: z.coerce.number().int().min(1).max(100),
        search: z.string().min(3).optional(),
      }),
    },
    handler: async () => ({ ok: true }),
  });
  app.get('/conflict', async () => {
    throw new HttpError(409, 'users.email_taken', {
      message: 'Already there.',
      errors: { login: ['Taken.'] },
    });
  });
  app.get('/locked', async () => {
    throw new HttpError(423, 'common.forbidden', { message: 'Locked.', extra: { retryAfter: 60 } });
  });
  app.get('/invalid-field', async () => {
    throw invalidField('url', messages.urlInvalid);
  });
  app.get('/boom', async () => {
    const error = new Error('secret connection string postgres://user:pw@db/rtb') as Error & {
      details?: unknown;
    };
    error.details = { table: 'accounts' };
    throw error;
  });
  app.get('/db-down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/db-down-wrapped', async () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    throw new Error('Failed query: select 1', { cause });
  });
  app.get('/db-terminated', async () => {
    throw new Error('Connection terminated unexpectedly');
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: unknown) => app.inject({ method: 'POST', url: '/orders', payload: payload as object });

describe('registerErrorHandling', () => {
  it('lets a valid request through', async () => {
    const res = await post({ user: { email: 'a@example.com' }, items: [{ qty: 2 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { count: 1 } });
  });

  it('answers a bad nested body with 422 and dotted field paths', async () => {
    const res = await post({ user: { email: 'not-an-email' }, items: [{ qty: 0 }, { qty: 1 }] });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toEqual({
      message: 'The form contains validation errors.',
      code: 422,
      error: 'validation.failed',
      issues: expect.any(Object),
      errors: { 'user.email': [expect.any(String)], 'items.0.qty': [expect.any(String)] },
    });
  });

  it('collects every issue and reports a missing nested object under its own path', async () => {
    const res = await post({ items: [{ qty: 1 }, { qty: 'x' }, { qty: -1 }] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['items.1.qty', 'items.2.qty', 'user']);
  });

  it('puts a body-level issue under "_"', async () => {
    const res = await post([1, 2]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: messages.validation,
      code: 422,
      error: 'validation.failed',
      issues: expect.any(Object),
      errors: { _: [expect.any(String)] },
    });
  });

  it('reports a bad query string field by name', async () => {
    const res = await app.inject({ method: 'GET', url: '/search?perPage=0' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['perPage']);
  });

  it('codes a query string field by the value it was given (too short, not missing)', async () => {
    const given = await app.inject({ method: 'GET', url: '/search?perPage=5&search=ab' });
    expect(given.json().issues).toEqual({
      search: [{ code: 'validation.too_small', params: { minimum: 3 } }],
    });
    const missing = await app.inject({ method: 'GET', url: '/search' });
    expect(missing.json().issues).toEqual({ perPage: [{ code: 'validation.required' }] });
  });

  it('sends an HttpError as {message, code, error, errors, issues}', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Already there.',
      code: 409,
      error: 'users.email_taken',
      errors: { login: ['Taken.'] },
      issues: { login: [{ code: 'validation.invalid' }] },
    });
  });

  it('leaves errors out of an HttpError without them and adds its extra fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/locked' });
    expect(res.statusCode).toBe(423);
    expect(res.json()).toEqual({ message: 'Locked.', code: 423, error: 'common.forbidden', retryAfter: 60 });
  });

  it('sends invalidField as a 422 on that field', async () => {
    const res = await app.inject({ method: 'GET', url: '/invalid-field' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: messages.validation,
      code: 422,
      error: 'validation.failed',
      issues: expect.any(Object),
      errors: { url: [messages.urlInvalid] },
    });
  });

  it('hides the cause of an unexpected error behind a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'A critical error occurred, please try again.',
      code: 500,
      error: 'common.critical',
    });
    expect(res.body).not.toMatch(/secret|postgres|stack|details|accounts/);
  });

  it('answers malformed JSON with a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/orders',
      headers: { 'content-type': 'application/json' },
      payload: '{"user": {',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toEqual({ message: expect.any(String), code: 400, error: 'common.bad_request' });
    expect(body.message).not.toBe('');
  });

  it('answers an unknown route with 404 Not Found', async () => {
    const res = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found', code: 404, error: 'common.not_found' });
  });

  it.each(['/db-down', '/db-down-wrapped', '/db-terminated'])(
    'answers a database outage (%s) with 503',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: messages.databaseUnavailable,
        code: 503,
        error: 'database.unavailable',
      });
    },
  );
});
