import { activityLogs, demoAccounts } from '@rtb/db';
import { messages, permissionCatalogue, roleMessages } from '@rtb/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { adminWithRole } from '../../platform/configuration/test-helpers';

let t: TestApp;
let admin: string;
let viewer: string;
let seeded: Record<string, { id: number; slug: string }>;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  viewer = await adminWithRole(t, 'viewer', 'vera@example.com');
  const all = await t.call({ method: 'GET', url: '/api/admin/roles', token: admin });
  seeded = Object.fromEntries(
    all.body.data.roles.elements.map((r: { id: number; slug: string; category: string }) => [
      `${r.category}/${r.slug}`,
      r,
    ]),
  );
});
afterAll(() => t.close());

const base = '/api/admin/roles';
type Grant = { resource: string; mode: 'read' | 'write' };

const logsOf = (id: number) =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityType, 'role'), eq(activityLogs.entityId, String(id))))
    .orderBy(asc(activityLogs.id));

async function create(category: string, name: string, permissions: Grant[] = []) {
  const res = await t.call({
    method: 'POST',
    url: base,
    token: admin,
    payload: { category, name, permissions },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.role as { id: number; slug: string; name: string; permissions: Grant[] };
}

describe('reading roles', () => {
  it('lists the seeded roles of a category with their permissions', async () => {
    const res = await t.call({ method: 'GET', url: `${base}?category=admin`, token: admin });
    expect(res.status).toBe(200);
    const { elements, meta } = res.body.data.roles;
    expect(elements.map((r: { slug: string }) => r.slug)).toEqual(['admin', 'operator', 'viewer']);
    expect(meta).toMatchObject({ page: 1, total: 3, lastPage: 1 });
    const operator = elements.find((r: { slug: string }) => r.slug === 'operator');
    expect(operator).toMatchObject({ name: 'Operator', category: 'admin', editable: true });
    expect(operator.permissions).toContainEqual({
      id: expect.any(Number),
      permissionId: expect.any(Number),
      roleId: operator.id,
      mode: 'read',
      group: 'users',
      resource: 'admin-users',
    });
    expect(elements[0]).toMatchObject({ slug: 'admin', editable: false });
    expect(elements[0].permissions).toHaveLength(permissionCatalogue.admin.length);
  });

  it('lists every category, searches, sorts by name and pages', async () => {
    const list = async (query: string) => {
      const res = await t.call({ method: 'GET', url: `${base}?${query}`, token: viewer });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.roles;
    };
    expect((await list('')).meta.total).toBe(9);
    const found = await list('search=READ%20ONLY');
    expect(found.elements.map((r: { category: string }) => r.category)).toEqual([
      'admin',
      'advertiser',
      'agency',
    ]);
    const byName = await list('category=agency&sort=name&order=desc');
    expect(byName.elements.map((r: { name: string }) => r.name)).toEqual([
      'Read only',
      'Manager',
      'Administrator',
    ]);
    const paged = await list('category=admin&perPage=2&page=2');
    expect(paged.elements.map((r: { slug: string }) => r.slug)).toEqual(['viewer']);
    expect(paged.meta).toEqual({ page: 2, perPage: 2, total: 3, lastPage: 2 });
  });

  it('refuses an unknown category or sort field with field errors', async () => {
    const res = await t.call({ method: 'GET', url: `${base}?category=nobody&sort=slug`, token: admin });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['category', 'sort']);
  });

  it('shows one role, or 404', async () => {
    const id = seeded['agency/manager']?.id;
    const res = await t.call({ method: 'GET', url: `${base}/${id}`, token: viewer });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toMatchObject({ id, slug: 'manager', category: 'agency', editable: true });
    const resources = res.body.data.role.permissions.map((p: Grant) => p.resource);
    expect(resources).toContain('agency-users');
    expect(resources).not.toContain('activity-logs');
    expect((await t.call({ method: 'GET', url: `${base}/999999`, token: admin })).status).toBe(404);
  });

  it('serves the permission catalogue per category, grouped in catalogue order', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/permissions', token: viewer });
    expect(res.status).toBe(200);
    const catalogue = res.body.data.permissions;
    expect(catalogue.map((c: { category: string }) => c.category)).toEqual(['admin', 'agency', 'advertiser']);
    for (const { category, groups } of catalogue as {
      category: keyof typeof permissionCatalogue;
      groups: { group: string; permissions: { id: number; group: string; resource: string }[] }[];
    }[]) {
      const flat = groups.flatMap((g) =>
        g.permissions.map((p) => ({ group: p.group, resource: p.resource })),
      );
      expect(flat).toEqual(permissionCatalogue[category]);
      for (const g of groups) for (const p of g.permissions) expect(p.group).toBe(g.group);
    }
    const agency = await t.call({
      method: 'GET',
      url: '/api/admin/permissions?category=agency',
      token: admin,
    });
    expect(agency.body.data.permissions).toHaveLength(1);
    expect(agency.body.data.permissions[0].groups[0]).toEqual({
      group: 'organisation',
      permissions: [
        { id: expect.any(Number), category: 'agency', group: 'organisation', resource: 'agency-profile' },
      ],
    });
  });
});

describe('creating a role', () => {
  it('creates an editable role with a slug from its name and logs its permission set', async () => {
    const role = await create('admin', 'Kierownik zespołu', [
      { resource: 'configuration', mode: 'write' },
      { resource: 'admin-users', mode: 'read' },
    ]);
    expect(role).toMatchObject({
      slug: 'kierownik-zespolu',
      name: 'Kierownik zespołu',
      category: 'admin',
      editable: true,
    });
    expect(role.permissions).toEqual([
      expect.objectContaining({ resource: 'admin-users', mode: 'read', group: 'users', roleId: role.id }),
      expect.objectContaining({ resource: 'configuration', mode: 'write', group: 'configuration' }),
    ]);
    const [log] = await logsOf(role.id);
    expect(log).toMatchObject({
      event: 'created',
      changes: {
        before: null,
        after: {
          name: 'Kierownik zespołu',
          slug: 'kierownik-zespolu',
          category: 'admin',
          editable: true,
          permissions: ['admin-users:read', 'configuration:write'],
        },
      },
    });
  });

  it('keeps slugs unique per category; the same name may be used in another category', async () => {
    const first = await create('advertiser', 'Support desk');
    const second = await create('advertiser', 'Support: desk');
    const third = await create('advertiser', 'support / DESK');
    expect([first.slug, second.slug, third.slug]).toEqual([
      'support-desk',
      'support-desk-2',
      'support-desk-3',
    ]);
    expect((await create('agency', 'Support desk')).slug).toBe('support-desk');
    // "Administrator" cannot take the slug of the local administrator role.
    expect((await create('agency', 'Admin')).slug).toBe('admin-2');
  });

  it('refuses a taken name, resources of another category and a resource listed twice', async () => {
    const res = await t.call({
      method: 'POST',
      url: base,
      token: admin,
      payload: {
        category: 'admin',
        name: 'read ONLY',
        permissions: [
          { resource: 'reports', mode: 'read' },
          { resource: 'agency-profile', mode: 'read' },
          { resource: 'reports', mode: 'write' },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: messages.validation,
      code: 422,
      error: 'validation.failed',
      issues: expect.any(Object),
      errors: {
        name: [roleMessages.nameTaken],
        'permissions.1.resource': [roleMessages.unknownResource],
        'permissions.2.resource': [roleMessages.duplicateResource],
      },
    });
    const after = await t.call({
      method: 'GET',
      url: `${base}?search=read%20only&category=admin`,
      token: admin,
    });
    expect(after.body.data.roles.meta.total).toBe(1);
  });

  it('validates the shape with field keys', async () => {
    const res = await t.call({
      method: 'POST',
      url: base,
      token: admin,
      payload: { category: 'nobody', name: '  ', permissions: [{ resource: 'reports', mode: 'admin' }] },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['category', 'name', 'permissions.0.mode']);
    const missing = await t.call({ method: 'POST', url: base, token: admin, payload: {} });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['category', 'name', 'permissions']);
  });
});

describe('editing a role', () => {
  it('renames and sets the whole permission set, logging the sets before and after', async () => {
    const role = await create('agency', 'Accountant', [
      { resource: 'payments', mode: 'read' },
      { resource: 'reports', mode: 'read' },
    ]);
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${role.id}`,
      token: admin,
      payload: {
        name: 'Senior accountant',
        permissions: [
          { resource: 'payments', mode: 'write' },
          { resource: 'support', mode: 'read' },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.role).toMatchObject({ id: role.id, name: 'Senior accountant', slug: 'accountant' });
    expect(res.body.data.role.permissions.map((p: Grant) => `${p.resource}:${p.mode}`)).toEqual([
      'payments:write',
      'support:read',
    ]);
    const logs = await logsOf(role.id);
    expect(logs.at(-1)).toMatchObject({
      event: 'updated',
      changes: {
        before: { name: 'Accountant', permissions: ['payments:read', 'reports:read'] },
        after: { name: 'Senior accountant', permissions: ['payments:write', 'support:read'] },
      },
    });
    // Saving the same again changes nothing and logs nothing.
    const same = await t.call({
      method: 'PUT',
      url: `${base}/${role.id}`,
      token: admin,
      payload: {
        name: 'Senior accountant',
        permissions: [
          { resource: 'support', mode: 'read' },
          { resource: 'payments', mode: 'write' },
        ],
      },
    });
    expect(same.status).toBe(200);
    expect(await logsOf(role.id)).toHaveLength(logs.length);
  });

  it('refuses a role that is not editable with a clear 422, and changes nothing', async () => {
    const locked = seeded['admin/admin'];
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${locked?.id}`,
      token: admin,
      payload: { name: 'Renamed', permissions: [] },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: roleMessages.notEditable, code: 422, error: 'roles.not_editable' });
    const after = await t.call({ method: 'GET', url: `${base}/${locked?.id}`, token: admin });
    expect(after.body.data.role).toMatchObject({ name: 'Administrator' });
    expect(after.body.data.role.permissions).toHaveLength(permissionCatalogue.admin.length);
  });

  it('refuses resources outside the role category and a taken name; 404 for an unknown role', async () => {
    const role = await create('advertiser', 'Designer', [{ resource: 'banners', mode: 'write' }]);
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${role.id}`,
      token: admin,
      payload: { name: 'Manager', permissions: [{ resource: 'admin-users', mode: 'read' }] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      name: [roleMessages.nameTaken],
      'permissions.0.resource': [roleMessages.unknownResource],
    });
    const missing = await t.call({
      method: 'PUT',
      url: `${base}/999999`,
      token: admin,
      payload: { name: 'X', permissions: [] },
    });
    expect(missing.status).toBe(404);
  });

  it('takes effect at once for signed-in users of the role, though their sessions are cached', async () => {
    const role = await create('admin', 'Auditor');
    const auditor = await adminWithRole(t, role.slug, 'auditor@example.com');
    const countries = () => t.call({ method: 'GET', url: '/api/admin/countries', token: auditor });
    // This request caches the session, without the permission.
    expect((await countries()).status).toBe(403);
    const grant = (permissions: Grant[]) =>
      t.call({
        method: 'PUT',
        url: `${base}/${role.id}`,
        token: admin,
        payload: { name: 'Auditor', permissions },
      });
    expect((await grant([{ resource: 'configuration', mode: 'read' }])).status).toBe(200);
    expect((await countries()).status).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/me', token: auditor })).body.data.me.permissions,
    ).toEqual(['configuration:read']);
    expect((await grant([])).status).toBe(200);
    expect((await countries()).status).toBe(403);
  });
});

describe('deleting a role', () => {
  it('deletes an editable role nobody has, and logs what it granted', async () => {
    const role = await create('agency', 'Temporary', [{ resource: 'reports', mode: 'read' }]);
    const res = await t.call({ method: 'DELETE', url: `${base}/${role.id}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'deleted' } });
    expect((await t.call({ method: 'GET', url: `${base}/${role.id}`, token: admin })).status).toBe(404);
    expect((await logsOf(role.id)).at(-1)).toMatchObject({
      event: 'deleted',
      changes: {
        before: { name: 'Temporary', category: 'agency', permissions: ['reports:read'] },
        after: null,
      },
    });
  });

  it('refuses a role that users have, and a role that is not editable, with a clear 422', async () => {
    const role = await create('admin', 'Night shift');
    await adminWithRole(t, role.slug, 'night@example.com');
    const inUse = await t.call({ method: 'DELETE', url: `${base}/${role.id}`, token: admin });
    expect(inUse.status).toBe(422);
    expect(inUse.body).toEqual({ message: roleMessages.inUse, code: 422, error: 'roles.in_use' });
    const locked = await t.call({
      method: 'DELETE',
      url: `${base}/${seeded['agency/admin']?.id}`,
      token: admin,
    });
    expect(locked.body).toEqual({
      message: roleMessages.notEditable,
      code: 422,
      error: 'roles.not_editable',
    });
    expect((await t.call({ method: 'GET', url: `${base}/${role.id}`, token: admin })).status).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `${base}/999999`, token: admin })).status).toBe(404);
  });
});

describe('roles permissions', () => {
  it('a read-only admin reads roles but may not create, change or delete them', async () => {
    const role = await create('admin', 'Untouchable');
    for (const [method, url, payload] of [
      ['POST', base, { category: 'admin', name: 'Nope', permissions: [] }],
      ['PUT', `${base}/${role.id}`, { name: 'Nope', permissions: [] }],
      ['DELETE', `${base}/${role.id}`, undefined],
    ] as const) {
      const res = await t.call({ method, url, token: viewer, payload });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({ message: messages.forbidden, code: 403, error: 'common.forbidden' });
    }
    const after = await t.call({ method: 'GET', url: `${base}/${role.id}`, token: viewer });
    expect(after.body.data.role.name).toBe('Untouchable');
  });
});
