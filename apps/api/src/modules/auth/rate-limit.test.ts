import { demoAccounts } from '@rtb/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true, config: { trustProxy: true } });
});
afterAll(() => t.close());

const attempt = (ip: string, password = 'wrong-password', login: string = demoAccounts.agency.login) =>
  t.call({
    method: 'POST',
    url: '/api/agency/auth/token',
    payload: { login, password },
    headers: { 'x-forwarded-for': ip },
  });

describe('login rate limit', () => {
  it('answers 429 with a clear message after 10 tries of one login from one address', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt('203.0.113.1')).status).toBe(401);
    const blocked = await attempt('203.0.113.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many attempts. Please try again in 15 minutes.');
    // Even the right password waits: the limit is checked first.
    expect((await attempt('203.0.113.1', demoAccounts.agency.password)).status).toBe(429);
  });

  it('does not lock the user out from another address', async () => {
    expect((await attempt('198.51.100.7', demoAccounts.agency.password)).status).toBe(200);
  });

  it('limits one address trying many logins', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++)
      statuses.push((await attempt('192.0.2.55', 'x', `user${i}@example.com`)).status);
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
  });

  it('rate-limits password-reset requests per login and address', async () => {
    const reset = () =>
      t.call({
        method: 'DELETE',
        url: '/api/agency/auth/password',
        payload: { login: 'someone@example.com' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
    for (let i = 0; i < 5; i++) expect((await reset()).status).toBe(200);
    expect((await reset()).status).toBe(429);
  });
});
