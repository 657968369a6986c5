import { demoAccounts } from '@rtb/db';
import { configKeys, messages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let admin: string;
let advertiser: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  advertiser = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  await t.deps.settings.set(t.deps.db, configKeys.maintenance, true);
});
afterAll(() => t.close());

describe('maintenance mode', () => {
  it('answers 503 with the maintenance message to everyone but admins', async () => {
    for (const req of [
      { method: 'GET' as const, url: '/api/advertiser/me', token: advertiser },
      { method: 'GET' as const, url: '/api/locales' },
      { method: 'POST' as const, url: '/api/agency/auth/token', payload: demoAccounts.agency },
    ]) {
      const res = await t.call(req);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: messages.maintenance, code: 503, error: 'common.maintenance' });
    }
  });

  it('lets admins through, on their own routes and on shared ones', async () => {
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: admin })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/locales', token: admin })).status).toBe(200);
    const login = await t.call({ method: 'POST', url: '/api/admin/auth/token', payload: demoAccounts.admin });
    expect(login.status).toBe(200);
  });

  it('keeps the health check up', async () => {
    expect((await t.call({ method: 'GET', url: '/api/health' })).status).toBe(200);
  });

  it('ends when the value is switched off', async () => {
    await t.deps.settings.set(t.deps.db, configKeys.maintenance, false);
    expect((await t.call({ method: 'GET', url: '/api/advertiser/me', token: advertiser })).status).toBe(200);
  });
});
