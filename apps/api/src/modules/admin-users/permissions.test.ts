import { demoAccounts, permissions, rolePermissions } from '@rtb/db';
import { adminUserMessages, messages } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFromMail } from '../../test/harness';

let t: TestApp;
let admin: string;
let roleIds: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  const roles = await t.call({ method: 'GET', url: '/api/admin/roles?category=admin', token: admin });
  roleIds = Object.fromEntries(
    roles.body.data.roles.elements.map((r: { slug: string; id: number }) => [r.slug, r.id]),
  );
});
afterAll(() => t.close());

const base = '/api/admin/admin-users';

/** Invites an admin user with the role through the API and activates them through the mail. */
async function signedInAdmin(email: string, roleSlug: string) {
  const created = await t.call({
    method: 'POST',
    url: base,
    token: admin,
    payload: { email, firstName: 'Rita', lastName: 'Reader', roleId: roleIds[roleSlug] },
  });
  expect(created.status).toBe(201);
  const mail = (await t.outbox()).findLast(
    (m) => m.toAddress === email && m.templateKey === 'account-activation',
  );
  const res = await t.call({
    method: 'POST',
    url: '/api/admin/auth/activate',
    payload: {
      token: tokenFromMail(mail?.html ?? ''),
      password: 'silver-kettle-64',
      passwordConfirmation: 'silver-kettle-64',
    },
  });
  expect(res.status).toBe(200);
  return { token: res.body.data.authToken as string, id: created.body.data.adminUser.id as number };
}

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
    const viewer = await signedInAdmin('rita@example.com', 'viewer');
    const { reads, writes } = routes(viewer.id);
    for (const route of reads) {
      const res = await t.call({ ...route, token: viewer.token } as never);
      expect(res.status, route.url).toBe(200);
    }
    for (const route of writes) {
      const res = await t.call({ ...route, token: viewer.token } as never);
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      expect(res.body).toEqual({ message: messages.forbidden, code: 403 });
    }
    expect((await t.outbox()).filter((m) => m.toAddress === 'never@example.com')).toHaveLength(0);
  });

  it('agency and advertiser tokens get 403 on every route, and no token 401', async () => {
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    const advertiser = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    const { reads, writes } = routes(1);
    for (const route of [...reads, ...writes]) {
      for (const token of [agency, advertiser]) {
        const res = await t.call({ ...route, token } as never);
        expect(res.status, `${route.method} ${route.url}`).toBe(403);
        expect(res.body.message).toBe(messages.forbidden);
      }
      expect((await t.call(route as never)).status).toBe(401);
    }
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
    const operator = await signedInAdmin('olaf@example.com', 'operator');
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
    const second = await signedInAdmin('second@example.com', 'admin');
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
