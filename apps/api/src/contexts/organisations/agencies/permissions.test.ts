import { agencies, demoAccounts, permissions, rolePermissions, roles } from '@rtb/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectAdminOnly, expectReadOnly, signedInAdmin } from '../../../test/permissions';

let t: TestApp;
let admin: string;
let agencyId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  const [demo] = await t.database.db.select().from(agencies).where(eq(agencies.name, 'Demo Agency'));
  agencyId = demo?.id as number;
});
afterAll(() => t.close());

const base = '/api/admin/agencies';
const routes = () => ({
  reads: [
    { method: 'GET', url: base },
    { method: 'GET', url: `${base}/${agencyId}` },
    { method: 'GET', url: `${base}/${agencyId}/status-verifications` },
    { method: 'GET', url: `/api/admin/log-status-verifications?agencyId=${agencyId}` },
    { method: 'GET', url: '/api/admin/log-status-verifications' },
  ],
  writes: [
    { method: 'POST', url: base, payload: { name: 'Never Agency' } },
    { method: 'PUT', url: `${base}/${agencyId}`, payload: { name: 'Renamed Agency' } },
    {
      method: 'POST',
      url: `${base}/${agencyId}/status-verifications`,
      payload: { statusVerification: 'rejected' },
    },
  ],
});

describe('agencies permissions', () => {
  it('a read-only admin may read but not write', async () => {
    const viewer = await signedInAdmin(t, admin, 'vera@example.com', 'viewer');
    await expectReadOnly(t, viewer.token, routes());
    const [demo] = await t.database.db.select().from(agencies).where(eq(agencies.id, agencyId));
    expect(demo).toMatchObject({ name: 'Demo Agency', statusVerification: 'verified' });
    const all = await t.call({ method: 'GET', url: `${base}?search=never`, token: admin });
    expect(all.body.data.agencies.meta.total).toBe(0);
  });

  it('agency and advertiser tokens get 403 on every route, and no token 401', async () => {
    await expectAdminOnly(t, routes());
  });

  it('all status changes need the advertisers permission too, unless only of one agency', async () => {
    // A read-only role that may see agencies but not advertisers.
    const [viewer] = await t.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.category, 'admin'), eq(roles.slug, 'viewer')));
    const [permission] = await t.database.db
      .select()
      .from(permissions)
      .where(and(eq(permissions.category, 'admin'), eq(permissions.resource, 'advertisers')));
    await t.database.db
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.roleId, viewer?.id as number),
          eq(rolePermissions.permissionId, permission?.id as number),
        ),
      );
    const { token } = await signedInAdmin(t, admin, 'agencies-only@example.com', 'viewer');
    const log = (query: string) =>
      t.call({ method: 'GET', url: `/api/admin/log-status-verifications${query}`, token });
    expect((await log(`?agencyId=${agencyId}`)).status).toBe(200);
    expect((await log('')).status).toBe(403);
    expect((await log('?advertiserId=1')).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/admin/advertisers', token })).status).toBe(403);
  });
});
