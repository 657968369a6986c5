import { authTokens, demoAccounts } from '@rtb/db';
import { adminUserMessages, messages } from '@rtb/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFromMail } from '../../../test/harness';
import { activate, logsOf, mailsTo, roleIdsOf } from './test-helpers';

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

async function invite(email: string, overrides: Record<string, unknown> = {}) {
  const res = await t.call({
    method: 'POST',
    url: base,
    token: admin,
    payload: { email, firstName: 'Olga', lastName: 'Operator', roleId: roleIds.operator, ...overrides },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.adminUser as { id: number; user: { id: number } };
}

describe('admin users list and single', () => {
  beforeAll(async () => {
    await invite('zoe@example.com', { firstName: 'Zoe', lastName: 'Zielińska', roleId: roleIds.viewer });
    await invite('bart@example.com', { firstName: 'Bart', lastName: 'Brzęczyszczykiewicz' });
  });

  it('lists with the sign-in facts, sorted by name by default', async () => {
    const res = await t.call({ method: 'GET', url: base, token: admin });
    expect(res.status).toBe(200);
    const { elements, meta } = res.body.data.adminUsers;
    expect(elements.map((u: { email: string }) => u.email)).toEqual([
      'admin@example.com',
      'bart@example.com',
      'zoe@example.com',
    ]);
    expect(meta).toEqual({ page: 1, perPage: 25, total: 3, lastPage: 1 });
    expect(elements[0]).toMatchObject({
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@example.com',
      user: { login: 'admin@example.com', enabled: true },
      role: { slug: 'admin', name: 'Administrator' },
      avatarInitials: 'AA',
      emailVerified: true,
      lastLoginAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(elements[2]).toMatchObject({ emailVerified: false, lastLoginAt: null, phone: null });
  });

  it('searches by name and e-mail, filters by status and role, sorts and pages', async () => {
    const list = async (query: string) => {
      const res = await t.call({ method: 'GET', url: `${base}?${query}`, token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.adminUsers;
    };
    const emails = (l: { elements: { email: string }[] }) => l.elements.map((u) => u.email);
    expect(emails(await list('search=zieli'))).toEqual(['zoe@example.com']);
    expect(emails(await list('search=BART@'))).toEqual(['bart@example.com']);
    expect(emails(await list('search=ada%20admin'))).toEqual(['admin@example.com']);
    expect(emails(await list(`roleId=${roleIds.viewer}`))).toEqual(['zoe@example.com']);
    expect(emails(await list('enabled=false'))).toEqual([]);
    expect((await list('enabled=true')).meta.total).toBe(3);
    expect(emails(await list('sort=email&order=desc'))).toEqual([
      'zoe@example.com',
      'bart@example.com',
      'admin@example.com',
    ]);
    // Newest first: Bart was invited after Zoe.
    expect(emails(await list('sort=createdAt&order=desc&perPage=1&page=1'))).toEqual(['bart@example.com']);
    expect(emails(await list('sort=createdAt&order=desc&perPage=1&page=2'))).toEqual(['zoe@example.com']);
    expect((await list('perPage=2&page=2')).meta).toEqual({ page: 2, perPage: 2, total: 3, lastPage: 2 });
  });

  it('refuses unknown sort fields and filters with field errors', async () => {
    const res = await t.call({ method: 'GET', url: `${base}?sort=password&enabled=maybe`, token: admin });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['enabled', 'sort']);
  });

  it('shows one admin user, or 404 Not Found', async () => {
    const list = await t.call({ method: 'GET', url: `${base}?search=zoe`, token: admin });
    const id = list.body.data.adminUsers.elements[0].id;
    const res = await t.call({ method: 'GET', url: `${base}/${id}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.adminUser).toEqual(list.body.data.adminUsers.elements[0]);
    const missing = await t.call({ method: 'GET', url: `${base}/999999`, token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Not Found', code: 404, error: 'common.not_found' });
  });
});

describe('creating an admin user', () => {
  it('creates an unverified account without a password, mails the activation link and logs it', async () => {
    const res = await t.call({
      method: 'POST',
      url: base,
      token: admin,
      payload: {
        email: ' Nina@Example.com ',
        firstName: 'Nina',
        lastName: 'Nowa',
        phone: '+48 600 700 800',
        roleId: roleIds.operator,
        locale: 'pl',
      },
    });
    expect(res.status).toBe(201);
    const user = res.body.data.adminUser;
    expect(user).toMatchObject({
      email: 'nina@example.com',
      locale: 'pl',
      phone: '+48 600 700 800',
      role: { id: roleIds.operator, slug: 'operator' },
      user: { enabled: true },
      emailVerified: false,
      lastLoginAt: null,
    });
    const [mail] = await mailsTo(t, 'nina@example.com', 'account-activation');
    expect(mail).toMatchObject({ locale: 'pl', status: 'pending' });
    expect(mail?.html).toContain('http://panel.test/account/admin/activate?token=');
    // No password: logging in fails until they activate and choose one.
    const login = await t.call({
      method: 'POST',
      url: '/api/admin/auth/token',
      payload: { login: 'nina@example.com', password: 'anything-at-all' },
    });
    expect(login.status).toBe(401);

    const [log] = await logsOf(t, 'admin_user', user.id);
    expect(log).toMatchObject({
      event: 'created',
      actorAccountId: expect.any(Number),
      changes: {
        before: null,
        after: {
          email: 'nina@example.com',
          firstName: 'Nina',
          lastName: 'Nowa',
          phone: '+48 600 700 800',
          roleId: roleIds.operator,
          locale: 'pl',
          enabled: true,
        },
      },
    });
    expect(JSON.stringify(log?.changes)).not.toMatch(/hash/i);

    // Activation with a password signs them in.
    const token = await activate(t, 'admin', 'nina@example.com');
    const me = await t.call({ method: 'GET', url: '/api/admin/me', token });
    expect(me.body.data.me).toMatchObject({ login: 'nina@example.com', localRole: 'operator' });
  });

  it('refuses an address of any existing account, an unknown or foreign role and an unknown language', async () => {
    const agencyRole = (
      await t.call({ method: 'GET', url: '/api/admin/roles?category=agency', token: admin })
    ).body.data.roles.elements[0].id;
    for (const [payload, errors] of [
      [
        { email: demoAccounts.agency.login, roleId: roleIds.viewer },
        { email: [adminUserMessages.emailTaken] },
      ],
      [{ email: 'free@example.com', roleId: agencyRole }, { roleId: [adminUserMessages.unknownRole] }],
      [{ email: 'free@example.com', roleId: 999999 }, { roleId: [adminUserMessages.unknownRole] }],
      [
        { email: demoAccounts.admin.login, roleId: roleIds.viewer, locale: 'xx' },
        { email: [adminUserMessages.emailTaken], locale: [messages.unknownLocale] },
      ],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: base,
        token: admin,
        payload: { firstName: 'F', lastName: 'L', ...payload },
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        message: messages.validation,
        code: 422,
        error: 'validation.failed',
        errors,
        issues: expect.any(Object),
      });
    }
    expect(await mailsTo(t, 'free@example.com', 'account-activation')).toHaveLength(0);
  });

  it('validates the shape with field keys', async () => {
    const res = await t.call({
      method: 'POST',
      url: base,
      token: admin,
      payload: { email: 'not-an-email', firstName: ' ', phone: 'call me', roleId: 'abc' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'phone',
      'roleId',
    ]);
  });
});

describe('editing an admin user', () => {
  let id: number;
  beforeAll(async () => {
    id = (await invite('edit@example.com', { firstName: 'Edek', lastName: 'Edytowany' })).id;
  });

  it('changes names, phone, role and language, and logs only what changed', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${id}`,
      token: admin,
      payload: {
        firstName: 'Edward',
        lastName: 'Edytowany',
        phone: '+48 111 222 333',
        roleId: roleIds.viewer,
        locale: 'pl',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.adminUser).toMatchObject({
      firstName: 'Edward',
      phone: '+48 111 222 333',
      role: { slug: 'viewer' },
      locale: 'pl',
    });
    const logs = await logsOf(t, 'admin_user', id);
    expect(logs.at(-1)).toMatchObject({
      event: 'updated',
      changes: {
        before: { firstName: 'Edek', phone: null, roleId: roleIds.operator, locale: 'en' },
        after: { firstName: 'Edward', phone: '+48 111 222 333', roleId: roleIds.viewer, locale: 'pl' },
      },
    });
    expect(Object.keys((logs.at(-1)?.changes as { after: object } | undefined)?.after ?? {})).toHaveLength(4);
  });

  it('answers 404 for an unknown id and 422 for a bad role or language', async () => {
    const payload = { firstName: 'A', lastName: 'B', roleId: roleIds.viewer, locale: 'en' };
    const missing = await t.call({ method: 'PUT', url: `${base}/999999`, token: admin, payload });
    expect(missing.status).toBe(404);
    const bad = await t.call({
      method: 'PUT',
      url: `${base}/${id}`,
      token: admin,
      payload: { ...payload, roleId: 999999, locale: 'xx' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      roleId: [adminUserMessages.unknownRole],
      locale: [messages.unknownLocale],
    });
    const empty = await t.call({ method: 'PUT', url: `${base}/${id}`, token: admin, payload: {} });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['firstName', 'lastName', 'locale', 'roleId']);
  });

  it('lets admins edit their own details but not their own role', async () => {
    const me = (await t.call({ method: 'GET', url: '/api/admin/me', token: admin })).body.data.me;
    const own = me.adminUser.id;
    const payload = { firstName: 'Ada', lastName: 'Admin', roleId: me.adminUser.role.id, locale: 'en' };
    const same = await t.call({
      method: 'PUT',
      url: `${base}/${own}`,
      token: admin,
      payload: { ...payload, phone: '+48 1' },
    });
    expect(same.status).toBe(200);
    const demote = await t.call({
      method: 'PUT',
      url: `${base}/${own}`,
      token: admin,
      payload: { ...payload, roleId: roleIds.viewer },
    });
    expect(demote.status).toBe(422);
    expect(demote.body).toEqual({
      message: adminUserMessages.cannotChangeOwnRole,
      code: 422,
      error: 'users.cannot_change_own_role',
      issues: expect.any(Object),
      errors: { roleId: [adminUserMessages.cannotChangeOwnRole] },
    });
  });
});

describe('enabling and disabling', () => {
  it('disabling revokes every token of the user at once, enabling lets them log in again', async () => {
    const user = await invite('dis@example.com');
    const token = await activate(t, 'admin', 'dis@example.com', 'quiet-harbour-58');
    const other = await t.loginAs('admin', 'dis@example.com', 'quiet-harbour-58');
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token })).status).toBe(200);

    const res = await t.call({
      method: 'PUT',
      url: `${base}/${user.id}/enabled`,
      token: admin,
      payload: { enabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.adminUser.user.enabled).toBe(false);
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: other })).status).toBe(401);
    const live = await t.database.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.accountId, user.user.id), isNull(authTokens.revokedAt)));
    expect(live).toHaveLength(0);
    const login = await t.call({
      method: 'POST',
      url: '/api/admin/auth/token',
      payload: { login: 'dis@example.com', password: 'quiet-harbour-58' },
    });
    expect(login.status).toBe(401);
    const listed = await t.call({ method: 'GET', url: `${base}?enabled=false`, token: admin });
    expect(listed.body.data.adminUsers.elements.map((u: { id: number }) => u.id)).toEqual([user.id]);

    const enabled = await t.call({
      method: 'PUT',
      url: `${base}/${user.id}/enabled`,
      token: admin,
      payload: { enabled: true },
    });
    expect(enabled.body.data.adminUser.user.enabled).toBe(true);
    await t.loginAs('admin', 'dis@example.com', 'quiet-harbour-58');

    const logs = (await logsOf(t, 'admin_user', user.id)).filter((l) => l.event === 'updated');
    expect(logs.map((l) => l.changes)).toEqual([
      { before: { enabled: true }, after: { enabled: false } },
      { before: { enabled: false }, after: { enabled: true } },
    ]);
    // Setting the same state again changes nothing and logs nothing.
    await t.call({
      method: 'PUT',
      url: `${base}/${user.id}/enabled`,
      token: admin,
      payload: { enabled: true },
    });
    expect((await logsOf(t, 'admin_user', user.id)).filter((l) => l.event === 'updated')).toHaveLength(2);
  });

  it('refuses disabling oneself, and a missing or malformed flag', async () => {
    const me = (await t.call({ method: 'GET', url: '/api/admin/me', token: admin })).body.data.me;
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${me.adminUser.id}/enabled`,
      token: admin,
      payload: { enabled: false },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: adminUserMessages.cannotDisableSelf,
      code: 422,
      error: 'users.cannot_disable_self',
      issues: expect.any(Object),
      errors: { enabled: [adminUserMessages.cannotDisableSelf] },
    });
    expect((await t.call({ method: 'GET', url: '/api/admin/me', token: admin })).status).toBe(200);
    const bad = await t.call({
      method: 'PUT',
      url: `${base}/${me.adminUser.id}/enabled`,
      token: admin,
      payload: { enabled: 'no' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['enabled']);
    const missing = await t.call({
      method: 'PUT',
      url: `${base}/999999/enabled`,
      token: admin,
      payload: { enabled: false },
    });
    expect(missing.status).toBe(404);
  });
});

describe('activation and password-reset e-mails', () => {
  it('resends the activation e-mail (the older link stops working) until the user is verified', async () => {
    const user = await invite('late@example.com');
    const [first] = await mailsTo(t, 'late@example.com', 'account-activation');
    const res = await t.call({ method: 'POST', url: `${base}/${user.id}/activation-email`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'activation_sent' } });
    expect(await mailsTo(t, 'late@example.com', 'account-activation')).toHaveLength(2);
    const old = await t.call({
      method: 'POST',
      url: '/api/admin/auth/activate',
      payload: {
        token: tokenFromMail(first?.html ?? ''),
        password: 'quiet-harbour-58',
        passwordConfirmation: 'quiet-harbour-58',
      },
    });
    expect(old.status).toBe(422);
    await activate(t, 'admin', 'late@example.com');

    const again = await t.call({ method: 'POST', url: `${base}/${user.id}/activation-email`, token: admin });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(adminUserMessages.alreadyVerified);
    expect((await logsOf(t, 'admin_user', user.id)).at(-1)?.changes).toMatchObject({
      before: { activationEmailSentAt: null },
      after: { activationEmailSentAt: expect.any(String) },
    });
    const missing = await t.call({ method: 'POST', url: `${base}/999999/activation-email`, token: admin });
    expect(missing.status).toBe(404);
  });

  it('starts a password reset: the user gets the mail and chooses the password', async () => {
    const user = await invite('forgot@example.com');
    await activate(t, 'admin', 'forgot@example.com', 'quiet-harbour-58');
    const res = await t.call({ method: 'POST', url: `${base}/${user.id}/password`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.userPasswordReset).toEqual({
      email: 'forgot@example.com',
      validMinutes: expect.any(Number),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);
    const [mail] = await mailsTo(t, 'forgot@example.com', 'password-reset');
    expect(mail?.html).toContain('http://panel.test/account/admin/password-change?token=');
    const set = await t.call({
      method: 'POST',
      url: '/api/admin/auth/password',
      payload: {
        token: tokenFromMail(mail?.html ?? ''),
        password: 'fresh-meadow-31',
        passwordConfirmation: 'fresh-meadow-31',
      },
    });
    expect(set.status).toBe(200);
    await t.loginAs('admin', 'forgot@example.com', 'fresh-meadow-31');
    const [log] = (await logsOf(t, 'admin_user', user.id)).slice(-1);
    expect(log?.changes).toMatchObject({ after: { resetEmailSentAt: expect.any(String) } });
    expect(JSON.stringify(log?.changes)).not.toMatch(/password|fresh-meadow/i);
  });

  it('refuses both e-mails for a disabled user', async () => {
    const user = await invite('off@example.com');
    await t.call({
      method: 'PUT',
      url: `${base}/${user.id}/enabled`,
      token: admin,
      payload: { enabled: false },
    });
    for (const action of ['activation-email', 'password']) {
      const res = await t.call({ method: 'POST', url: `${base}/${user.id}/${action}`, token: admin });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(adminUserMessages.accountDisabled);
    }
    expect(await mailsTo(t, 'off@example.com', 'password-reset')).toHaveLength(0);
  });
});
