import { accounts, activityLogs, agencies, authTokens, demoAccounts } from '@rtb/db';
import { messages, organisationUserMessages } from '@rtb/shared';
import { and, asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessControl, registerPrincipal } from '../../../core/access';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activate, invite, kindContext, kinds } from './test-helpers';

let t: TestApp;
let admin: string;
let adminAccountId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  adminAccountId = (await t.call({ method: 'GET', url: '/api/admin/me', token: admin })).body.data.me.id;
});
afterAll(() => t.close());

const impersonationRows = () =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.entityType, 'impersonation'))
    .orderBy(asc(activityLogs.id));
const tokenRow = async (accountId: number) => {
  const [row] = await t.database.db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.accountId, accountId), eq(authTokens.purpose, 'auth')))
    .orderBy(asc(authTokens.id));
  return row;
};
const lastLoginOf = async (accountId: number) =>
  (await t.database.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]?.lastLoginAt;

describe.each(kinds)('log in as $kind users', (k) => {
  let organisationId: number;
  let roleIds: Record<string, number>;
  let target: { id: number; accountId: number };
  beforeAll(async () => {
    ({ organisationId, roleIds } = await kindContext(t, admin, k));
    const list = await t.call({ method: 'GET', url: `${k.base}?search=${k.demo.login}`, token: admin });
    const user = list.body.data[k.listKey].elements[0];
    target = { id: user.id, accountId: user.user.id };
  });

  it("answers the target's me and a token carrying the admin's session, and logs the start", async () => {
    const before = await impersonationRows();
    const res = await t.call({ method: 'POST', url: `${k.base}/${target.id}/auth`, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { me, authToken } = res.body.data;
    expect(authToken).toEqual(expect.any(String));
    expect(authToken).not.toBe(admin);
    expect(me).toMatchObject({
      id: target.accountId,
      login: k.demo.login,
      role: k.kind,
      hasSourceUser: true,
    });
    expect(me[k.itemKey]).toMatchObject({ id: target.id, [k.organisationField]: organisationId });

    const own = await t.call({ method: 'GET', url: `/api/${k.kind}/me`, token: authToken });
    expect(own.status).toBe(200);
    expect(own.body.data.me).toMatchObject({ login: k.demo.login, hasSourceUser: true });
    const general = await t.call({ method: 'GET', url: '/api/auth', token: authToken });
    expect(general.body.data.me).toMatchObject({ role: k.kind, hasSourceUser: true });

    // The new token's source is the admin's own token; the target's last login is untouched.
    const [adminToken] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.accountId, adminAccountId))
      .orderBy(asc(authTokens.id));
    const issued = await tokenRow(target.accountId);
    expect(issued?.sourceTokenId).toBe(adminToken?.id);
    expect(await lastLoginOf(target.accountId)).toBeNull();

    const started = (await impersonationRows()).slice(before.length);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({
      event: 'created',
      entityId: String(issued?.id),
      actorAccountId: adminAccountId,
      impersonatorAccountId: adminAccountId,
      agencyId: k.kind === 'agency' ? organisationId : expect.any(Number),
      advertiserId: k.kind === 'advertiser' ? organisationId : null,
      changes: {
        before: null,
        after: {
          accountId: target.accountId,
          login: k.demo.login,
          kind: k.kind,
          userId: target.id,
          agencyId: k.kind === 'agency' ? organisationId : expect.any(Number),
          advertiserId: k.kind === 'advertiser' ? organisationId : null,
        },
      },
    });
  });

  it('names the admin as impersonator on rows written meanwhile, keeps the admin panel shut, and logs the end', async () => {
    const { authToken } = (await t.call({ method: 'POST', url: `${k.base}/${target.id}/auth`, token: admin }))
      .body.data;
    const sessionId = String(
      (await t.database.db.select().from(authTokens).orderBy(asc(authTokens.id))).at(-1)?.id,
    );

    const edit = await t.call({
      method: 'PUT',
      url: `/api/${k.kind}/me`,
      token: authToken,
      payload: { firstName: 'Changed', lastName: 'Meanwhile', locale: 'en' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const [written] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityType, `${k.kind}_user`), eq(activityLogs.entityId, String(target.id))))
      .orderBy(asc(activityLogs.id))
      .then((rows) => rows.slice(-1));
    expect(written).toMatchObject({
      event: 'updated',
      actorAccountId: target.accountId,
      impersonatorAccountId: adminAccountId,
      changes: { after: { firstName: 'Changed', lastName: 'Meanwhile' } },
    });

    // The token is an agency/advertiser token: admin routes refuse it.
    for (const url of ['/api/admin/me', k.base, `${k.base}/${target.id}`]) {
      const res = await t.call({ method: 'GET', url, token: authToken });
      expect(res.status, url).toBe(403);
      expect(res.body.message).toBe(messages.forbidden);
    }
    const again = await t.call({ method: 'POST', url: `${k.base}/${target.id}/auth`, token: authToken });
    expect(again.status).toBe(403);

    const logout = await t.call({ method: 'DELETE', url: `/api/${k.kind}/auth/token`, token: authToken });
    expect(logout.status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/${k.kind}/me`, token: authToken })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: admin })).status).toBe(200);
    const ended = (await impersonationRows()).filter((r) => r.entityId === sessionId);
    expect(ended.map((r) => r.event)).toEqual(['created', 'deleted']);
    expect(ended[1]).toMatchObject({
      actorAccountId: target.accountId,
      impersonatorAccountId: adminAccountId,
      changes: { before: { accountId: target.accountId, kind: k.kind, userId: target.id }, after: null },
    });
  });

  it("dies with the admin's own session", async () => {
    const source = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    const { authToken } = (
      await t.call({ method: 'POST', url: `${k.base}/${target.id}/auth`, token: source })
    ).body.data;
    expect((await t.call({ method: 'GET', url: `/api/${k.kind}/me`, token: authToken })).status).toBe(200);
    await t.call({ method: 'DELETE', url: '/api/admin/auth/token', token: source });
    expect((await t.call({ method: 'GET', url: `/api/${k.kind}/me`, token: authToken })).status).toBe(401);
  });

  it('refuses a disabled or not yet activated user, and an unknown one, without a session', async () => {
    const pending = await invite(t, admin, k, organisationId, {
      email: `pending.${k.kind}@example.com`,
      roleId: roleIds.viewer,
    });
    const notYet = await t.call({ method: 'POST', url: `${k.base}/${pending.id}/auth`, token: admin });
    expect(notYet.status).toBe(422);
    expect(notYet.body).toEqual({
      message: organisationUserMessages.loginAsNotActivated,
      code: 422,
      error: 'organisation_users.login_as_not_activated',
    });

    await activate(t, k.kind, pending.email);
    await t.call({
      method: 'PUT',
      url: `${k.base}/${pending.id}/enabled`,
      token: admin,
      payload: { enabled: false },
    });
    const disabled = await t.call({ method: 'POST', url: `${k.base}/${pending.id}/auth`, token: admin });
    expect(disabled.status).toBe(422);
    expect(disabled.body).toEqual({
      message: organisationUserMessages.loginAsDisabled,
      code: 422,
      error: 'organisation_users.login_as_disabled',
    });
    // Only the session of the activation itself, revoked when they were disabled.
    const tokens = await t.database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.accountId, pending.user.id), eq(authTokens.purpose, 'auth')));
    expect(tokens.map((row) => row.sourceTokenId)).toEqual([null]);

    const missing = await t.call({ method: 'POST', url: `${k.base}/999999/auth`, token: admin });
    expect(missing.status).toBe(404);
  });

  it("acts with the target's permissions: a read-only user is refused writes", async () => {
    const email = `reader.${k.kind}@example.com`;
    const reader = await invite(t, admin, k, organisationId, { email, roleId: roleIds.viewer });
    const own = await activate(t, k.kind, email);
    const ownMe = (await t.call({ method: 'GET', url: `/api/${k.kind}/me`, token: own })).body.data.me;
    const res = await t.call({ method: 'POST', url: `${k.base}/${reader.id}/auth`, token: admin });
    const { me, authToken } = res.body.data;
    expect(me).toMatchObject({ localRole: 'viewer', permissions: ownMe.permissions });
    expect(me.permissions).toContain(`${k.kind}-users:read`);
    expect(me.permissions).not.toContain(`${k.kind}-users:write`);

    // The real access control of the API, on routes that need the kind's users permission.
    const probe = Fastify({ logger: false });
    registerPrincipal(probe, t.deps);
    registerAccessControl(probe, t.deps);
    for (const mode of ['read', 'write'] as const)
      probe.post(`/api/${k.kind}/probe-${mode}`, {
        config: { access: { kind: k.kind, permission: [`${k.kind}-users`, mode] } },
        handler: async () => ({ ok: true }),
      });
    await probe.ready();
    const call = (mode: string, token: string) =>
      probe.inject({
        method: 'POST',
        url: `/api/${k.kind}/probe-${mode}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await call('read', authToken)).statusCode).toBe(200);
    expect((await call('write', authToken)).statusCode).toBe(403);
    // The administrator of the organisation, logged in as, may write; the admin's own token may not.
    const { authToken: asAdmin } = (
      await t.call({ method: 'POST', url: `${k.base}/${target.id}/auth`, token: admin })
    ).body.data;
    expect((await call('write', asAdmin)).statusCode).toBe(200);
    expect((await call('read', admin)).statusCode).toBe(403);
    await probe.close();
  });
});

describe('log in as an organisation', () => {
  it("logs in as the organisation's oldest enabled, activated default administrator", async () => {
    for (const k of kinds) {
      const { organisationId } = await kindContext(t, admin, k);
      const res = await t.call({
        method: 'POST',
        url: `${k.organisations}/${organisationId}/auth`,
        token: admin,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.me).toMatchObject({ login: k.demo.login, hasSourceUser: true });
      const rows = await impersonationRows();
      expect(rows.at(-1)).toMatchObject({ event: 'created', actorAccountId: adminAccountId });
    }
    const solo = await t.call({
      method: 'GET',
      url: '/api/admin/advertiser-users?search=solo',
      token: admin,
    });
    const soloStore = solo.body.data.advertiserUsers.elements[0].advertiserId;
    const res = await t.call({
      method: 'POST',
      url: `/api/admin/advertisers/${soloStore}/auth`,
      token: admin,
    });
    expect(res.body.data.me).toMatchObject({ login: demoAccounts.solo.login, hasSourceUser: true });
  });

  it('skips administrators who are disabled, not activated or service users', async () => {
    const k = kinds[0];
    const [agency] = await t.database.db.insert(agencies).values({ name: 'Fresh Agency' }).returning();
    const agencyId = agency?.id as number;
    const { roleIds } = await kindContext(t, admin, k);
    const url = `/api/admin/agencies/${agencyId}/auth`;
    const none = await t.call({ method: 'POST', url, token: admin });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({
      message: organisationUserMessages.noUserToLogInAs,
      code: 404,
      error: 'organisation_users.no_user_to_log_in_as',
    });

    await invite(t, admin, k, agencyId, { email: 'first@fresh.example.com', roleId: roleIds.admin });
    await invite(t, admin, k, agencyId, {
      email: 'robot@fresh.example.com',
      roleId: roleIds.admin,
      type: 'service',
    });
    await activate(t, 'agency', 'robot@fresh.example.com');
    await invite(t, admin, k, agencyId, { email: 'manager@fresh.example.com', roleId: roleIds.manager });
    await activate(t, 'agency', 'manager@fresh.example.com');
    expect((await t.call({ method: 'POST', url, token: admin })).status).toBe(404);

    const second = await invite(t, admin, k, agencyId, {
      email: 'second@fresh.example.com',
      roleId: roleIds.admin,
    });
    await activate(t, 'agency', 'second@fresh.example.com');
    await activate(t, 'agency', 'first@fresh.example.com');
    const first = await t.call({ method: 'POST', url, token: admin });
    expect(first.body.data.me.login).toBe('first@fresh.example.com');

    const list = await t.call({ method: 'GET', url: `${k.base}?search=first@fresh`, token: admin });
    await t.call({
      method: 'PUT',
      url: `${k.base}/${list.body.data.agencyUsers.elements[0].id}/enabled`,
      token: admin,
      payload: { enabled: false },
    });
    const next = await t.call({ method: 'POST', url, token: admin });
    expect(next.body.data.me).toMatchObject({
      login: 'second@fresh.example.com',
      agencyUser: { id: second.id },
    });
  });

  it('answers 404 Not Found for an unknown organisation', async () => {
    for (const k of kinds) {
      const res = await t.call({ method: 'POST', url: `${k.organisations}/999999/auth`, token: admin });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not Found', code: 404, error: 'common.not_found' });
    }
  });
});
