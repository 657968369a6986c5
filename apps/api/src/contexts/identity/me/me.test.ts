import { activityLogs, demoAccounts } from '@rtb/db';
import { messages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const { login, password } = demoAccounts.agency;

describe('me', () => {
  it('GET me returns the profile with the organisation', async () => {
    const token = await t.loginAs('agency', login, password);
    const res = await t.call({ method: 'GET', url: '/api/agency/me', token });
    expect(res.status).toBe(200);
    expect(res.body.data.me).toMatchObject({
      role: 'agency',
      localRole: 'admin',
      nameDisplay: 'Adam Agencki',
      agencyUser: { type: 'default', agency: { name: 'Demo Agency' }, avatarInitials: 'AA' },
      adminUser: null,
      advertiserUser: null,
    });
    expect(res.body.data.me.permissions).toContain('advertisers:write');
  });

  it('GET /api/auth returns the signed-in user of any panel, and 401 without a token', async () => {
    const token = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
    const res = await t.call({ method: 'GET', url: '/api/auth', token });
    expect(res.status).toBe(200);
    expect(res.body.data.me).toMatchObject({ role: 'advertiser', login: demoAccounts.solo.login });
    expect((await t.call({ method: 'GET', url: '/api/auth' })).status).toBe(401);
  });

  it('PUT me changes names, phone and language, and logs the change', async () => {
    const token = await t.loginAs('agency', login, password);
    const res = await t.call({
      method: 'PUT',
      url: '/api/agency/me',
      token,
      payload: { firstName: 'Adaś', lastName: 'Agencki', phone: '+48 500 600 700', locale: 'pl' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.me).toMatchObject({
      locale: 'pl',
      agencyUser: { firstName: 'Adaś', phone: '+48 500 600 700', locale: 'pl' },
    });
    const [row] = await t.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entityType, 'agency_user'));
    expect(row).toMatchObject({
      event: 'updated',
      actorAccountId: res.body.data.me.id,
      agencyId: res.body.data.me.agencyUser.agencyId,
      changes: {
        before: { firstName: 'Adam', phone: null, locale: 'en' },
        after: { firstName: 'Adaś', phone: '+48 500 600 700', locale: 'pl' },
      },
    });
    expect(row?.requestId).toBeTruthy();
  });

  it('PUT me refuses an unknown language and empty names with field errors', async () => {
    const token = await t.loginAs('agency', login, password);
    const unknown = await t.call({
      method: 'PUT',
      url: '/api/agency/me',
      token,
      payload: { firstName: 'A', lastName: 'B', locale: 'xx' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ locale: [messages.unknownLocale] });
    const empty = await t.call({
      method: 'PUT',
      url: '/api/agency/me',
      token,
      payload: { firstName: '  ', lastName: 'B', locale: 'en' },
    });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['firstName']);
  });

  it('POST me/password checks the current password', async () => {
    const token = await t.loginAs('agency', login, password);
    const res = await t.call({
      method: 'POST',
      url: '/api/agency/me/password',
      token,
      payload: {
        currentPassword: 'wrong',
        password: 'river-otter-99',
        passwordConfirmation: 'river-otter-99',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ currentPassword: [messages.currentPasswordWrong] });
  });

  it('POST me/password changes it, keeps this session, ends the others and tells the user', async () => {
    const other = await t.loginAs('agency', login, password);
    const token = await t.loginAs('agency', login, password);
    const res = await t.call({
      method: 'POST',
      url: '/api/agency/me/password',
      token,
      payload: {
        currentPassword: password,
        password: 'river-otter-99',
        passwordConfirmation: 'river-otter-99',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.me.login).toBe(login);
    expect((await t.call({ method: 'GET', url: '/api/agency/me', token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/agency/me', token: other })).status).toBe(401);
    await t.loginAs('agency', login, 'river-otter-99');
    const mail = (await t.outbox()).find((m) => m.templateKey === 'password-changed');
    expect(mail?.toAddress).toBe(login);
  });
});

describe("an admin's own changes", () => {
  const admin = demoAccounts.admin;
  const adminLog = async (token: string) =>
    (await t.call({ method: 'GET', url: '/api/admin/activity-logs?entityType=admin_user', token })).body.data
      .activityLogs.elements;

  it('PUT me and me/password are in the admin activity log, the password itself never', async () => {
    const token = await t.loginAs('admin', admin.login, admin.password);
    const me = (await t.call({ method: 'GET', url: '/api/admin/me', token })).body.data.me;
    const edited = await t.call({
      method: 'PUT',
      url: '/api/admin/me',
      token,
      payload: { firstName: 'Adela', lastName: me.adminUser.lastName, locale: 'en' },
    });
    expect(edited.status).toBe(200);
    const changed = await t.call({
      method: 'POST',
      url: '/api/admin/me/password',
      token,
      payload: {
        currentPassword: admin.password,
        password: 'meadow-lark-31',
        passwordConfirmation: 'meadow-lark-31',
      },
    });
    expect(changed.status).toBe(200);

    const [passwordRow, profileRow] = await adminLog(token);
    expect(profileRow).toMatchObject({
      event: 'updated',
      entityType: 'admin_user',
      entityId: String(me.adminUser.id),
      actor: { id: me.id },
      changes: { before: { firstName: me.adminUser.firstName }, after: { firstName: 'Adela' } },
    });
    expect(passwordRow).toMatchObject({
      event: 'updated',
      entityType: 'admin_user',
      entityId: String(me.adminUser.id),
      actor: { id: me.id },
      changes: { before: { passwordChangedAt: null }, after: { passwordChangedAt: expect.any(String) } },
    });
    expect(JSON.stringify(passwordRow.changes)).not.toContain('meadow-lark-31');
  });
});
