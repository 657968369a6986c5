import { demoAccounts } from '@rtb/db';
import { errorBody, errorCodes } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true, config: { trustProxy: true } });
});
afterAll(() => t.close());

/** The body parsed by the shared contract: `error` and every issue's code are in the list. */
function expectCoded(res: { status: number; body: unknown }, status: number, error: string) {
  expect(res.status).toBe(status);
  const body = errorBody.parse(res.body);
  expect(body).toMatchObject({ code: status, error });
  expect(errorCodes).toContain(body.error);
  return body;
}

const login = (payload: object, ip = '203.0.113.9') =>
  t.call({
    method: 'POST',
    url: '/api/agency/auth/token',
    payload,
    headers: { 'x-forwarded-for': ip },
  });

describe('every error body carries a code from the list', () => {
  it('401: no token, and a wrong password', async () => {
    expectCoded(await t.call({ method: 'GET', url: '/api/admin/me' }), 401, 'auth.unauthenticated');
    const wrong = await login({ login: demoAccounts.agency.login, password: 'not-the-password' });
    expectCoded(wrong, 401, 'auth.invalid_credentials');
  });

  it('403: another kind of user', async () => {
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    expectCoded(
      await t.call({ method: 'GET', url: '/api/admin/me', token: agency }),
      403,
      'common.forbidden',
    );
  });

  it('404: an unknown route', async () => {
    expectCoded(await t.call({ method: 'GET', url: '/api/nowhere' }), 404, 'common.not_found');
  });

  it('422: field issues by code, in the order of the English texts', async () => {
    const body = expectCoded(await login({ login: '', password: 'x' }), 422, 'validation.failed');
    expect(Object.keys(body.issues ?? {})).toEqual(Object.keys(body.errors ?? {}));
    for (const [field, texts] of Object.entries(body.errors ?? {}))
      expect(body.issues?.[field]).toHaveLength(texts.length);
    expect(body.issues?.login).toEqual([{ code: 'validation.required' }]);
  });

  it('429: too many attempts, with the minutes as a value', async () => {
    const wrong = { login: demoAccounts.agency.login, password: 'wrong' };
    for (let i = 0; i < 10; i++) await login(wrong, '198.51.100.99');
    const body = expectCoded(await login(wrong, '198.51.100.99'), 429, 'rate_limit.too_many_requests');
    expect(body.params).toEqual({ minutes: 15 });
  });

  it('409: online top-up without a payment provider', async () => {
    const shop = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    const res = await t.call({
      method: 'POST',
      url: '/api/advertiser/payments/online',
      token: shop,
      payload: { amount: 100 },
      headers: { 'idempotency-key': 'error-codes-409' },
    });
    expectCoded(res, 409, 'payments.online_top_up_unavailable');
  });
});
