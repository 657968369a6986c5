import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API documentation', () => {
  it('serves an OpenAPI document generated from the zod schemas', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const login = res.body.paths['/api/admin/auth/token'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['login', 'password']);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/agency/auth/register',
        '/api/advertiser/me',
        '/api/locales',
        '/api/url/verify',
      ]),
    );
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/' });
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('swagger');
  });
});
