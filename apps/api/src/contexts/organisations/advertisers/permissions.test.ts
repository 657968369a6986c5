import { advertisers, demoAccounts } from '@rtb/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectAdminOnly, expectReadOnly, signedInAdmin } from '../../../test/permissions';

let t: TestApp;
let admin: string;
let advertiserId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  const [demo] = await t.database.db.select().from(advertisers).where(eq(advertisers.name, 'Demo Shop'));
  advertiserId = demo?.id as number;
});
afterAll(() => t.close());

const base = '/api/admin/advertisers';
const routes = () => ({
  reads: [
    { method: 'GET', url: base },
    { method: 'GET', url: `${base}/${advertiserId}` },
    { method: 'GET', url: `${base}/${advertiserId}/status-verifications` },
    { method: 'GET', url: `/api/admin/log-status-verifications?advertiserId=${advertiserId}` },
  ],
  writes: [
    { method: 'POST', url: base, payload: { name: 'Never Shop' } },
    { method: 'PUT', url: `${base}/${advertiserId}`, payload: { name: 'Renamed Shop' } },
    {
      method: 'POST',
      url: `${base}/${advertiserId}/status-verifications`,
      payload: { statusVerification: 'rejected' },
    },
  ],
});

describe('advertisers permissions', () => {
  it('a read-only admin may read but not write', async () => {
    const viewer = await signedInAdmin(t, admin, 'vera@example.com', 'viewer');
    await expectReadOnly(t, viewer.token, routes());
    const [demo] = await t.database.db.select().from(advertisers).where(eq(advertisers.id, advertiserId));
    expect(demo).toMatchObject({ name: 'Demo Shop', statusVerification: 'verified' });
    const never = await t.call({ method: 'GET', url: `${base}?search=never`, token: admin });
    expect(never.body.data.advertisers.meta.total).toBe(0);
  });

  it('agency and advertiser tokens get 403 on every route, and no token 401', async () => {
    await expectAdminOnly(t, routes());
  });
});
