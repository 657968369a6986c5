import { activityLogs, demoAccounts } from '@rtb/db';
import { messages } from '@rtb/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { adminWithRole } from './test-helpers';

let t: TestApp;
let tokens: Record<'agency' | 'advertiser' | 'viewer' | 'admin', string>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  tokens = {
    admin: await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password),
    agency: await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password),
    advertiser: await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    ),
    viewer: await adminWithRole(t, 'viewer', 'viewer@example.com'),
  };
});
afterAll(() => t.close());

type Route = { method: 'GET' | 'PUT' | 'POST' | 'DELETE'; url: string; payload?: object };
const reads: Route[] = [
  ...['countries', 'currencies', 'locales'].flatMap((list) => [
    { method: 'GET' as const, url: `/api/admin/${list}` },
    { method: 'GET' as const, url: `/api/admin/${list}/1` },
  ]),
  { method: 'GET', url: '/api/admin/currency-rates' },
  { method: 'GET', url: '/api/admin/config-values' },
  { method: 'GET', url: '/api/admin/config-values/1' },
];
const writes: Route[] = [
  { method: 'PUT', url: '/api/admin/countries/1', payload: { name: 'X', isoCode: 'XXX', eu: false } },
  { method: 'PUT', url: '/api/admin/countries/1/enabled', payload: { enabled: false } },
  { method: 'PUT', url: '/api/admin/currencies/2', payload: { name: 'X', isoCode: '000', symbol: 'X' } },
  { method: 'PUT', url: '/api/admin/currencies/2/enabled', payload: { enabled: false } },
  { method: 'PUT', url: '/api/admin/locales/2', payload: { name: 'X' } },
  { method: 'PUT', url: '/api/admin/locales/2/enabled', payload: { enabled: false } },
  {
    method: 'POST',
    url: '/api/admin/currency-rates',
    payload: { currencyId: 2, rate: '1', validFrom: '2025-01-01' },
  },
  { method: 'DELETE', url: '/api/admin/currency-rates/1' },
  { method: 'PUT', url: '/api/admin/config-values/1', payload: { value: true } },
];
const name = (r: Route) => `${r.method} ${r.url}`;

describe('configuration access', () => {
  it.each([...reads, ...writes].map((r) => [name(r), r] as const))(
    '%s: 401 without a token, 403 for agency and advertiser users',
    async (_, route) => {
      expect((await t.call(route)).status).toBe(401);
      for (const kind of ['agency', 'advertiser'] as const) {
        const res = await t.call({ ...route, token: tokens[kind] });
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(messages.forbidden);
      }
    },
  );

  it.each(reads.map((r) => [name(r), r] as const))('%s: a read-only admin may read', async (_, route) => {
    expect((await t.call({ ...route, token: tokens.viewer })).status).toBe(200);
  });

  it.each(writes.map((r) => [name(r), r] as const))(
    '%s: a read-only admin gets 403 and changes nothing',
    async (_, route) => {
      const res = await t.call({ ...route, token: tokens.viewer });
      expect(res.status).toBe(403);
    },
  );

  it('no refused call left an activity row', async () => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(activityLogs)
      .where(eq(activityLogs.entityType, 'country'));
    expect(row?.n).toBe(0);
    const countries = await t.call({ method: 'GET', url: '/api/admin/countries/1', token: tokens.admin });
    expect(countries.body.data.country.enabled).toBe(true);
  });
});
