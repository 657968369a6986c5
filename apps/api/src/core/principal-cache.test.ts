import { authTokens, demoAccounts } from '@rtb/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Principal } from '../contexts/identity/auth/principal-repository';
import { hashToken } from '../contexts/identity/auth/tokens';
import { createTestApp, type TestApp, testConfig } from '../test/harness';
import { PrincipalCache } from './principal-cache';

const principal = (
  accountId: number,
  impersonatorAccountId: number | null = null,
  roleId?: number,
  rootImpersonatorAccountId: number | null = null,
  expiresAt = new Date(8.64e15),
) =>
  ({
    accountId,
    expiresAt,
    impersonatorAccountId,
    rootImpersonatorAccountId,
    profile: roleId === undefined ? null : { role: { id: roleId, slug: `role-${roleId}`, name: 'Role' } },
  }) as Principal;

describe('PrincipalCache', () => {
  it('keeps an entry for its lifetime only', () => {
    let now = 0;
    const cache = new PrincipalCache(1_000, 10, () => now);
    cache.set('a', principal(1));
    now = 999;
    expect(cache.get('a')?.accountId).toBe(1);
    now = 1_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps an entry no longer than its token lives', () => {
    let now = 0;
    const cache = new PrincipalCache(1_000, 10, () => now);
    cache.set('a', principal(1, null, undefined, null, new Date(400)));
    now = 399;
    expect(cache.get('a')?.accountId).toBe(1);
    now = 400;
    expect(cache.get('a')).toBeUndefined();
  });

  it("forgets an account's tokens, and tokens acting for it or as it", () => {
    const cache = new PrincipalCache();
    cache.set('own', principal(1));
    cache.set('impersonating', principal(2, 1));
    cache.set('through an agency session', principal(4, 2, undefined, 1));
    cache.set('other', principal(3));
    cache.forgetAccount(1);
    expect(cache.get('own')).toBeUndefined();
    expect(cache.get('impersonating')).toBeUndefined();
    expect(cache.get('through an agency session')).toBeUndefined();
    expect(cache.get('other')?.accountId).toBe(3);
  });

  it("forgets the tokens of a role's users, and only theirs", () => {
    const cache = new PrincipalCache();
    cache.set('first', principal(1, null, 7));
    cache.set('second', principal(2, null, 7));
    cache.set('impersonating', principal(2, 9, 7));
    cache.set('other-role', principal(3, null, 8));
    cache.set('no-profile', principal(4));
    cache.forgetRole(7);
    for (const hash of ['first', 'second', 'impersonating']) expect(cache.get(hash)).toBeUndefined();
    expect(cache.get('other-role')?.accountId).toBe(3);
    expect(cache.get('no-profile')?.accountId).toBe(4);
    // Forgotten entries left no trace: caching the token again and forgetting the role works.
    cache.set('first', principal(1, null, 7));
    cache.forgetRole(7);
    expect(cache.get('first')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const cache = new PrincipalCache(60_000, 2);
    cache.set('a', principal(1));
    cache.set('b', principal(2));
    cache.set('c', principal(3));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.accountId).toBe(3);
  });
});

describe('sessions across processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('a logout in one process ends the session in another within the cache lifetime', async () => {
    // A second API process on the same database, with a short cache lifetime.
    const other = await buildApp({
      db: t.database.db,
      config: testConfig(),
      logger: false,
      principals: new PrincipalCache(100),
    });
    try {
      const token = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
      const me = () =>
        other.app.inject({
          method: 'GET',
          url: '/api/agency/me',
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await me()).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: '/api/agency/me', token })).status).toBe(200);
      await t.call({ method: 'DELETE', url: '/api/agency/auth/token', token });
      // In the process that logged out, at once.
      expect((await t.call({ method: 'GET', url: '/api/agency/me', token })).status).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect((await me()).statusCode).toBe(401);
    } finally {
      await other.app.close();
    }
  });
});

describe('token expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('refuses a token from the moment it expires, though its principal was cached a moment ago', async () => {
    const token = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() + interval '300 milliseconds'` })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    // Loaded (and cached for 5 s) while it still lives.
    expect((await t.call({ method: 'GET', url: '/api/agency/me', token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const url of ['/api/agency/me', '/api/auth', '/api/agency/advertisers']) {
      expect((await t.call({ method: 'GET', url, token })).status, url).toBe(401);
    }
  });
});
