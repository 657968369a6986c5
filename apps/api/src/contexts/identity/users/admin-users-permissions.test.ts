import { demoAccounts, permissions, rolePermissions } from '@rtb/db';
import { adminUserMessages } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectAdminOnly, expectReadOnly, signedInAdmin } from '../../../test/permissions';
import { roleIdsOf } from './test-helpers';

let t: TestApp;
let admin: string;
let roleIds: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  roleIds = await roleIdsOf(t, admin, 'admin');
});
afterAll(() => t.close());

const base = '/api/admin/admin-users';

/** Every admin-users route, with a valid payload for the user `id`. */
const routes = (id: number) => ({
  reads: [
    { method: 'GET', url: base },
    { method: 'GET', url: `${base}/${id}` },
    { method: 'GET', url: '/api/admin/roles?category=admin' },
  ],
  writes: [
    {
      method: 'POST',
      url: base,
      payload: { email: 'never@example.com', firstName: 'N', lastName: 'N', roleId: roleIds.viewer },
    },
    {
      method: 'PUT',
      url: `${base}/${id}`,
      payload: { firstName: 'N', lastName: 'N', roleId: roleIds.viewer, locale: 'en' },
    },
    { method: 'PUT', url: `${base}/${id}/enabled`, payload: { enabled: true } },
    { method: 'POST', url: `${base}/${id}/activation-email` },
    { method: 'POST', url: `${base}/${id}/password` },
  ],
});

describe('admin-users permissions', () => {
  it('a read-only admin may read but not write', async () => {
    const viewer = await signedInAdmin(t, admin, 'rita@example.com', 'viewer');
    const { reads, writes } = routes(viewer.id);
    await expectReadOnly(t, viewer.token, { reads, writes });
    expect((await t.outbox()).filter((m) => m.toAddress === 'never@example.com')).toHaveLength(0);
  });

  it('agency and advertiser tokens get 403 on every route, and no token 401', async () => {
    await expectAdminOnly(t, routes(1));
  });

  it('the platform keeps its last enabled administrator', async () => {
    // A role that may manage admin users without being the administrator role.
    const [permission] = await t.database.db
      .select()
      .from(permissions)
      .where(and(eq(permissions.category, 'admin'), eq(permissions.resource, 'admin-users')));
    await t.database.db
      .update(rolePermissions)
      .set({ mode: 'write' })
      .where(
        and(
          eq(rolePermissions.roleId, roleIds.operator as number),
          eq(rolePermissions.permissionId, permission?.id as number),
        ),
      );
    const operator = await signedInAdmin(t, admin, 'olaf@example.com', 'operator');
    const me = (await t.call({ method: 'GET', url: '/api/admin/me', token: admin })).body.data.me;
    const adaId = me.adminUser.id;

    const disable = await t.call({
      method: 'PUT',
      url: `${base}/${adaId}/enabled`,
      token: operator.token,
      payload: { enabled: false },
    });
    expect(disable.status).toBe(422);
    expect(disable.body.errors).toEqual({ enabled: [adminUserMessages.lastAdmin] });
    const demote = await t.call({
      method: 'PUT',
      url: `${base}/${adaId}`,
      token: operator.token,
      payload: { firstName: 'Ada', lastName: 'Admin', roleId: roleIds.viewer, locale: 'en' },
    });
    expect(demote.status).toBe(422);
    expect(demote.body.errors).toEqual({ roleId: [adminUserMessages.lastAdmin] });

    // With a second administrator, the first one may be disabled.
    const second = await signedInAdmin(t, admin, 'second@example.com', 'admin');
    const allowed = await t.call({
      method: 'PUT',
      url: `${base}/${adaId}/enabled`,
      token: second.token,
      payload: { enabled: false },
    });
    expect(allowed.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: admin })).status).toBe(401);
  });
});
