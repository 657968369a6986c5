import { activityLogs, authTokens, demoAccounts } from '@rtb/db';
import { messages, organisationUserMessages } from '@rtb/shared';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { hashToken } from '../auth/tokens';
import { activatedUser, demoAndOtherOrganisations, userEntryOf } from './test-helpers';

/** An agency user logs in as one of its advertisers' users (and an admin through an agency user). */
let t: TestApp;
let admin: string;
let agency: string;
let accountIds: { admin: number; agency: number; shopUser: number };
let ids: Awaited<ReturnType<typeof demoAndOtherOrganisations>>;
let users: { shopUser: number; solo: number; otherShop: number; agencyUser: number };

const meOf = async (token: string, kind: string) =>
  (await t.call({ method: 'GET', url: `/api/${kind}/me`, token })).body.data?.me;
const impersonations = () =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.entityType, 'impersonation'))
    .orderBy(asc(activityLogs.id));
const tokenRowOf = async (token: string) =>
  (
    await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)))
  )[0];
const lastActivity = async () =>
  (await t.database.db.select().from(activityLogs).orderBy(desc(activityLogs.id)).limit(1))[0];
const logInAs = (userId: number, token = agency) =>
  t.call({ method: 'POST', url: `/api/agency/advertiser-users/${userId}/auth`, token });

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  ids = await demoAndOtherOrganisations(t, admin);
  const shop = await userEntryOf(t, admin, 'advertiser', demoAccounts.advertiser.login);
  const agencyUser = await userEntryOf(t, admin, 'agency', demoAccounts.agency.login);
  users = {
    shopUser: shop.id,
    solo: (await userEntryOf(t, admin, 'advertiser', demoAccounts.solo.login)).id,
    otherShop: (
      await activatedUser(t, admin, 'advertiser', ids.otherShop, { email: 'o@other-shop.example.com' })
    ).id,
    agencyUser: agencyUser.id,
  };
  accountIds = {
    admin: (await meOf(admin, 'admin')).id,
    agency: agencyUser.user.id,
    shopUser: shop.user.id,
  };
});
beforeEach(async () => {
  agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
});
afterAll(() => t.close());

describe('an agency logs in as one of its advertisers’ users', () => {
  it("answers the user's session, with the agency's token as its source, and logs the start", async () => {
    const before = (await impersonations()).length;
    const res = await logInAs(users.shopUser);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { me, authToken } = res.body.data;
    expect(me).toMatchObject({
      id: accountIds.shopUser,
      login: demoAccounts.advertiser.login,
      role: 'advertiser',
      hasSourceUser: true,
      advertiserUser: { id: users.shopUser, advertiserId: ids.demoShop },
    });
    expect((await tokenRowOf(authToken))?.sourceTokenId).toBe((await tokenRowOf(agency))?.id);

    const started = (await impersonations()).slice(before);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({
      event: 'created',
      entityId: String((await tokenRowOf(authToken))?.id),
      actorAccountId: accountIds.agency,
      impersonatorAccountId: accountIds.agency,
      agencyId: ids.demoAgency,
      advertiserId: ids.demoShop,
    });
  });

  it('acts with the target’s permissions, names the agency user as impersonator meanwhile, and logs the end', async () => {
    const { authToken } = (await logInAs(users.shopUser)).body.data;
    const edit = await t.call({
      method: 'PUT',
      url: '/api/advertiser/me',
      token: authToken,
      payload: { firstName: 'Dorota', lastName: 'Meanwhile', locale: 'en' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await lastActivity()).toMatchObject({
      event: 'updated',
      entityType: 'advertiser_user',
      actorAccountId: accountIds.shopUser,
      impersonatorAccountId: accountIds.agency,
      advertiserId: ids.demoShop,
    });

    // It is an advertiser session: the agency panel refuses it.
    for (const url of ['/api/agency/me', '/api/agency/advertisers', '/api/agency/advertiser-users']) {
      const res = await t.call({ method: 'GET', url, token: authToken });
      expect(res.status, url).toBe(403);
    }

    const logout = await t.call({ method: 'DELETE', url: '/api/advertiser/auth/token', token: authToken });
    expect(logout.status).toBe(200);
    expect(await lastActivity()).toMatchObject({
      event: 'deleted',
      entityType: 'impersonation',
      actorAccountId: accountIds.shopUser,
      impersonatorAccountId: accountIds.agency,
      advertiserId: ids.demoShop,
    });
    expect((await t.call({ method: 'GET', url: '/api/advertiser/me', token: authToken })).status).toBe(401);
    // The agency's own session goes on.
    expect((await t.call({ method: 'GET', url: '/api/agency/me', token: agency })).status).toBe(200);
  });

  it("with a read-only advertiser user's role, writes are refused", async () => {
    const viewer = await activatedUser(t, admin, 'advertiser', ids.demoShop, {
      email: 'viewer@demo-shop.example.com',
      role: 'viewer',
    });
    const { authToken, me } = (await logInAs(viewer.id)).body.data;
    expect(me.localRole).toBe('viewer');
    expect(
      (await t.call({ method: 'GET', url: '/api/advertiser/advertiser-users', token: authToken })).status,
    ).toBe(200);
    const write = await t.call({
      method: 'PUT',
      url: `/api/advertiser/advertiser-users/${users.shopUser}/enabled`,
      token: authToken,
      payload: { enabled: false },
    });
    expect(write.status).toBe(403);
  });

  it('dies with the agency’s own session', async () => {
    const { authToken } = (await logInAs(users.shopUser)).body.data;
    expect((await t.call({ method: 'GET', url: '/api/advertiser/me', token: authToken })).status).toBe(200);
    await t.call({ method: 'DELETE', url: '/api/agency/auth/token', token: agency });
    expect((await t.call({ method: 'GET', url: '/api/advertiser/me', token: authToken })).status).toBe(401);
  });

  it("answers 404 for another agency's, an independent or an unknown advertiser's user, without a session", async () => {
    const tokensBefore = await t.database.db.select().from(authTokens);
    const logsBefore = (await impersonations()).length;
    for (const id of [users.solo, users.otherShop, 999999]) {
      const res = await logInAs(id);
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual({ message: messages.notFound, code: 404, error: 'common.not_found' });
    }
    for (const id of [ids.solo, ids.otherShop]) {
      const res = await t.call({ method: 'POST', url: `/api/agency/advertisers/${id}/auth`, token: agency });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: messages.notFound, code: 404, error: 'common.not_found' });
    }
    expect(await t.database.db.select().from(authTokens)).toHaveLength(tokensBefore.length);
    expect(await impersonations()).toHaveLength(logsBefore);
  });

  it('refuses a disabled user', async () => {
    const user = await activatedUser(t, admin, 'advertiser', ids.demoShop, {
      email: 'off@demo-shop.example.com',
    });
    await t.call({
      method: 'PUT',
      url: `/api/agency/advertiser-users/${user.id}/enabled`,
      token: agency,
      payload: { enabled: false },
    });
    const res = await logInAs(user.id);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(organisationUserMessages.loginAsDisabled);
  });

  it('logs in as an advertiser itself: its oldest active administrator', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/agency/advertisers/${ids.demoShop}/auth`,
      token: agency,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.me).toMatchObject({ login: demoAccounts.advertiser.login, hasSourceUser: true });
  });

  it('needs the advertiser-users write permission', async () => {
    const viewer = await activatedUser(t, admin, 'agency', ids.demoAgency, {
      email: 'viewer@demo-agency.example.com',
      role: 'viewer',
    });
    expect((await logInAs(users.shopUser, viewer.token)).status).toBe(403);
    const org = await t.call({
      method: 'POST',
      url: `/api/agency/advertisers/${ids.demoShop}/auth`,
      token: viewer.token,
    });
    expect(org.status).toBe(403);
  });
});

describe('an admin logged in as an agency user, who then logs in as an advertiser user', () => {
  it('chains the sessions: the start names the admin, rows meanwhile the agency user, and it dies with the admin session', async () => {
    const adminSession = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    const asAgency = await t.call({
      method: 'POST',
      url: `/api/admin/agency-users/${users.agencyUser}/auth`,
      token: adminSession,
    });
    expect(asAgency.status).toBe(200);
    const agencySession = asAgency.body.data.authToken as string;

    const asShop = await logInAs(users.shopUser, agencySession);
    expect(asShop.status, JSON.stringify(asShop.body)).toBe(200);
    const shopSession = asShop.body.data.authToken as string;
    expect(asShop.body.data.me.hasSourceUser).toBe(true);
    expect((await tokenRowOf(shopSession))?.sourceTokenId).toBe((await tokenRowOf(agencySession))?.id);
    expect(await lastActivity()).toMatchObject({
      event: 'created',
      entityType: 'impersonation',
      actorAccountId: accountIds.agency,
      impersonatorAccountId: accountIds.admin,
    });

    await t.call({
      method: 'PUT',
      url: '/api/advertiser/me',
      token: shopSession,
      payload: { firstName: 'Dorota', lastName: 'Chained', locale: 'en' },
    });
    expect(await lastActivity()).toMatchObject({
      actorAccountId: accountIds.shopUser,
      impersonatorAccountId: accountIds.agency,
    });

    // The admin logs out (without going back through the agency): both sessions end at once.
    expect((await t.call({ method: 'GET', url: '/api/advertiser/me', token: shopSession })).status).toBe(200);
    await t.call({ method: 'DELETE', url: '/api/admin/auth/token', token: adminSession });
    expect((await t.call({ method: 'GET', url: '/api/agency/me', token: agencySession })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/advertiser/me', token: shopSession })).status).toBe(401);
  });
});
