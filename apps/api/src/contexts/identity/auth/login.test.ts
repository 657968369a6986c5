import { demoAccounts } from '@rtb/db';
import { messages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const login = (panel: string, body: object, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: `/api/${panel}/auth/token`, payload: body, headers });

describe('login', () => {
  it.each([
    ['admin', demoAccounts.admin, 'adminUser'],
    ['agency', demoAccounts.agency, 'agencyUser'],
    ['advertiser', demoAccounts.advertiser, 'advertiserUser'],
    ['advertiser', demoAccounts.solo, 'advertiserUser'],
  ] as const)('%s panel accepts %o and returns me and authToken', async (panel, account, profileKey) => {
    const res = await login(panel, account);
    expect(res.status).toBe(200);
    expect(res.body.data.authToken).toMatch(/^[\w-]{43}$/);
    const me = res.body.data.me;
    expect(me).toMatchObject({ login: account.login, role: panel, localRole: 'admin', hasSourceUser: false });
    expect(me[profileKey]).toMatchObject({ email: account.login });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|\$argon2/);
  });

  it('agency and advertiser also accept POST auth', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/api/agency/auth', payload: demoAccounts.agency })).status,
    ).toBe(200);
    expect(
      (await t.call({ method: 'POST', url: '/api/advertiser/auth', payload: demoAccounts.solo })).status,
    ).toBe(200);
    expect(
      (await t.call({ method: 'POST', url: '/api/admin/auth', payload: demoAccounts.admin })).status,
    ).toBe(404);
  });

  it('is case-insensitive on the login', async () => {
    const res = await login('admin', { login: ' Admin@Example.COM ', password: demoAccounts.admin.password });
    expect(res.status).toBe(200);
  });

  it('answers a wrong password, an unknown login and another panel the same way', async () => {
    const answers = await Promise.all([
      login(
        'admin',
        { login: demoAccounts.admin.login, password: 'wrong-password' },
        { 'x-forwarded-for': '1' },
      ),
      login('admin', { login: 'nobody@example.com', password: 'wrong-password' }),
      login('admin', demoAccounts.agency),
      login('agency', demoAccounts.advertiser),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        message: messages.incorrectLogin,
        code: 401,
        error: 'auth.invalid_credentials',
      });
    }
  });

  it('gives 422 with field errors for a malformed body', async () => {
    const res = await login('admin', { login: '', password: 42 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The form contains validation errors.');
    expect(Object.keys(res.body.errors).sort()).toEqual(['login', 'password']);
  });
});

describe('tokens', () => {
  it('logout revokes the token, and only that one', async () => {
    const first = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    const second = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    expect((await t.call({ method: 'GET', url: '/api/agency/me', token: first })).status).toBe(200);
    const out = await t.call({ method: 'DELETE', url: '/api/agency/auth/token', token: first });
    expect(out.status).toBe(200);
    const after = await t.call({ method: 'GET', url: '/api/agency/me', token: first });
    expect(after.status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/agency/me', token: second })).status).toBe(200);
  });

  it('refuses a missing, malformed or unknown token with 401', async () => {
    expect((await t.call({ method: 'GET', url: '/api/admin/me' })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: 'nope' })).status).toBe(401);
    const res = await t.call({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.status).toBe(401);
  });

  it('refuses a token in the query string as if there were none (only the header carries it)', async () => {
    const token = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    for (const url of [`/api/admin/me?authorization=${token}`, `/api/auth?authorization=Bearer%20${token}`]) {
      const res = await t.call({ method: 'GET', url });
      expect(res.status, url).toBe(401);
    }
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token })).status).toBe(200);
  });

  it("forbids one kind of user on another kind's endpoints", async () => {
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    const advertiser = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    for (const [token, url] of [
      [agency, '/api/advertiser/me'],
      [agency, '/api/admin/me'],
      [advertiser, '/api/agency/me'],
      [advertiser, '/api/admin/me'],
    ] as const) {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: messages.forbidden, code: 403, error: 'common.forbidden' });
    }
  });

  it('re-checks the context headers against the token', async () => {
    const advertiser = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    const solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
    const soloId = (await t.call({ method: 'GET', url: '/api/advertiser/me', token: solo })).body.data.me
      .advertiserUser.advertiserId;
    const forged = await t.call({
      method: 'GET',
      url: '/api/advertiser/me',
      token: advertiser,
      headers: { 'advertiser-id': String(soloId) },
    });
    expect(forged.status).toBe(403);
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    const notTheirs = await t.call({
      method: 'GET',
      url: '/api/agency/me',
      token: agency,
      headers: { 'advertiser-id': String(soloId) },
    });
    expect(notTheirs.status).toBe(403);
  });
});
