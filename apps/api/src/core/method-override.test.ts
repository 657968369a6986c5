import type { AddressInfo } from 'node:net';
import { demoAccounts } from '@rtb/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/** Over real HTTP: the override runs in front of Fastify's router, which `inject` skips. */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('_method override', () => {
  it('treats POST with _method PUT as PUT', async () => {
    const token = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
    const res = await post(
      '/api/advertiser/me',
      { _method: 'PUT', firstName: 'Solveig', lastName: 'Storer', locale: 'en' },
      token,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { me: { advertiserUser: { firstName: string } } } };
    expect(body.data.me.advertiserUser.firstName).toBe('Solveig');
  });

  it('treats POST with _method DELETE as DELETE (logout on the login path)', async () => {
    const token = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
    const res = await post('/api/advertiser/auth/token', { _method: 'delete' }, token);
    expect(res.status).toBe(200);
    const me = await fetch(`${base}/api/advertiser/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
  });

  it('leaves a plain POST a POST, and ignores other _method values', async () => {
    const login = await post('/api/advertiser/auth/token', { ...demoAccounts.solo, _method: 'GET' });
    expect(login.status).toBe(200);
    const res = await post('/api/advertiser/me', { _method: 'TRACE' });
    expect(res.status).toBe(404);
  });

  it('answers malformed JSON with 400, not 500, and echoes a request id', async () => {
    const res = await fetch(`${base}/api/advertiser/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-1234567' },
      body: '{"login":',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-request-id')).toBe('trace-1234567');
  });
});
