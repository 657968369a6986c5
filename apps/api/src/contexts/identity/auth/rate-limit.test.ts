import { demoAccounts } from '@rtb/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../../core/rate-limiter';
import { limits } from '../../../core/rate-limits';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true, config: { trustProxy: true } });
});
afterAll(() => t.close());

const attempt = (
  ip: string,
  password = 'wrong-password',
  login: string = demoAccounts.agency.login,
  panel = 'agency',
) =>
  t.call({
    method: 'POST',
    url: `/api/${panel}/auth/token`,
    payload: { login, password },
    headers: { 'x-forwarded-for': ip },
  });

describe('login rate limit', () => {
  it('answers 429 with a clear message after 10 tries of one login from one address', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt('203.0.113.1')).status).toBe(401);
    const blocked = await attempt('203.0.113.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many attempts. Please try again in 15 minutes.');
    // Retry-After in seconds (RFC 9110), matching the minutes in the text.
    const seconds = Number(blocked.headers['retry-after']);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(blocked.body.retryAfter).toBe(seconds);
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

  it('does not count successful logins: 15 in a row from one address all succeed', async () => {
    for (let i = 0; i < 15; i++)
      expect((await attempt('203.0.113.20', demoAccounts.agency.password)).status).toBe(200);
    // And failures after them still have their full allowance of 10 before the lock.
    for (let i = 0; i < 10; i++) expect((await attempt('203.0.113.20')).status).toBe(401);
    expect((await attempt('203.0.113.20')).status).toBe(429);
  });

  it("does not spend an office address's allowance on its users' successful logins", async () => {
    const ip = '192.0.2.80';
    // The address has 99 of its 100 attempts behind it (as if many users had mistyped).
    const { limit, windowMs } = limits.loginPerIp;
    for (let i = 0; i < limit - 1; i++) await t.deps.limiter.hit(`loginPerIp:${ip}`, limit, windowMs);
    for (const user of [
      demoAccounts.agency,
      demoAccounts.agency,
      demoAccounts.solo,
      demoAccounts.advertiser,
    ]) {
      const panel = user === demoAccounts.agency ? 'agency' : 'advertiser';
      expect((await attempt(ip, user.password, user.login, panel)).status).toBe(200);
    }
    expect((await attempt(ip)).status).toBe(401);
    expect((await attempt(ip)).status).toBe(429);
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
    const blocked = await reset();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(59 * 60);
  });
});

describe('Retry-After', () => {
  it('says in seconds, and the text in minutes, how long is left of the window', async () => {
    let now = Date.parse('2025-03-01T10:00:00Z');
    const own = await createTestApp({
      demo: true,
      config: { trustProxy: true },
      deps: { limiter: createMemoryRateLimiter(() => now) },
    });
    try {
      const fail = () =>
        own.call({
          method: 'POST',
          url: '/api/agency/auth/token',
          payload: { login: demoAccounts.agency.login, password: 'wrong-password' },
        });
      for (let i = 0; i < 10; i++) expect((await fail()).status).toBe(401);
      now += 4 * 60_000 + 30_000;
      const blocked = await fail();
      expect(blocked.status).toBe(429);
      expect(blocked.headers['retry-after']).toBe('630');
      expect(blocked.body).toEqual({
        message: 'Too many attempts. Please try again in 11 minutes.',
        code: 429,
        error: 'rate_limit.too_many_requests',
        params: { minutes: 11 },
        retryAfter: 630,
      });
      now += 630_000;
      expect((await fail()).status).toBe(401);
    } finally {
      await own.close();
    }
  });
});
