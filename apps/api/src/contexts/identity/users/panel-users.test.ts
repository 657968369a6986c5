import { demoAccounts } from '@rtb/db';
import { messages, organisationUserMessages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  activate,
  activatedUser,
  demoAndOtherOrganisations,
  logsOf,
  mailsTo,
  userEntryOf,
} from './test-helpers';

/**
 * The agency and advertiser panels' own users: the agency's team (`/api/agency/agency-users`),
 * the users of its advertisers (`/api/agency/advertiser-users`) and the advertiser's team
 * (`/api/advertiser/advertiser-users`). Each reaches its own organisations' users only.
 */
let t: TestApp;
let admin: string;
let ids: { demoAgency: number; otherAgency: number; demoShop: number; solo: number; otherShop: number };
let tokens: { agency: string; advertiser: string };
let users: { agency: number; advertiser: number; otherAgency: number; solo: number; otherShop: number };

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  tokens = {
    agency: await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password),
    advertiser: await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    ),
  };
  ids = await demoAndOtherOrganisations(t, admin);
  const otherAgencyUser = await activatedUser(t, admin, 'agency', ids.otherAgency, {
    email: 'boss@other.example.com',
  });
  const otherShopUser = await activatedUser(t, admin, 'advertiser', ids.otherShop, {
    email: 'owner@other-shop.example.com',
  });
  users = {
    agency: (await userEntryOf(t, admin, 'agency', demoAccounts.agency.login)).id,
    advertiser: (await userEntryOf(t, admin, 'advertiser', demoAccounts.advertiser.login)).id,
    otherAgency: otherAgencyUser.id,
    solo: (await userEntryOf(t, admin, 'advertiser', demoAccounts.solo.login)).id,
    otherShop: otherShopUser.id,
  };
});
afterAll(() => t.close());

/** Each panel's team: its path, data keys, token and the users it must not reach. */
const teams = [
  {
    name: 'the agency team',
    kind: 'agency',
    base: '/api/agency/agency-users',
    listKey: 'agencyUsers',
    itemKey: 'agencyUser',
    token: () => tokens.agency,
    own: () => users.agency,
    foreign: () => [users.otherAgency],
    organisation: () => ({ agencyId: ids.demoAgency }),
    demoLogin: demoAccounts.agency.login,
  },
  {
    name: 'the advertiser team',
    kind: 'advertiser',
    base: '/api/advertiser/advertiser-users',
    listKey: 'advertiserUsers',
    itemKey: 'advertiserUser',
    token: () => tokens.advertiser,
    own: () => users.advertiser,
    foreign: () => [users.solo, users.otherShop],
    organisation: () => ({ advertiserId: ids.demoShop }),
    demoLogin: demoAccounts.advertiser.login,
  },
] as const;

describe.each(teams)('$name', (team) => {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = team.token()) =>
    t.call({ method, url, token, ...(payload ? { payload } : {}) });
  const roleIds = async () => {
    const res = await call('GET', `${team.base}/roles`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const elements = res.body.data.roles.elements as { slug: string; id: number; category: string }[];
    expect(new Set(elements.map((r) => r.category))).toEqual(new Set([team.kind]));
    return Object.fromEntries(elements.map((r) => [r.slug, r.id])) as Record<string, number>;
  };
  const profile = (overrides: object = {}) => ({
    firstName: 'Tina',
    lastName: 'Team',
    type: 'default',
    locale: 'en',
    ...overrides,
  });

  it("lists the organisation's own users only, whatever the search", async () => {
    const res = await call('GET', team.base);
    expect(res.status).toBe(200);
    const list = res.body.data[team.listKey];
    expect(list.elements.map((u: { email: string }) => u.email)).toEqual([team.demoLogin]);
    expect(list.elements[0]).toMatchObject(team.organisation());
    expect(list.meta).toEqual({ page: 1, perPage: 25, total: 1, lastPage: 1 });
    const search = await call('GET', `${team.base}?search=other`);
    expect(search.body.data[team.listKey].meta.total).toBe(0);
  });

  it('invites a user with a role of its category into its own organisation; they get the activation e-mail', async () => {
    const roles = await roleIds();
    const email = `tina.${team.kind}@example.com`;
    const res = await call('POST', team.base, {
      email,
      firstName: 'Tina',
      lastName: 'Team',
      phone: '+48 500 400 300',
      roleId: roles.manager,
      type: 'service',
      // The organisation comes from the session, not from the body.
      agencyId: ids.otherAgency,
      advertiserId: ids.otherShop,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data[team.itemKey]).toMatchObject({
      email,
      role: { slug: 'manager' },
      type: 'service',
      emailVerified: false,
      ...team.organisation(),
    });
    expect(await mailsTo(t, email, 'account-activation')).toHaveLength(1);
    const [log] = await logsOf(t, `${team.kind}_user`, res.body.data[team.itemKey].id);
    expect(log).toMatchObject({ event: 'created', ...team.organisation() });

    const adminRoles = await t.call({ method: 'GET', url: '/api/admin/roles?category=admin', token: admin });
    const foreignRole = adminRoles.body.data.roles.elements[0].id;
    const wrongRole = await call('POST', team.base, {
      email: 'x@example.com',
      firstName: 'X',
      lastName: 'Y',
      roleId: foreignRole,
    });
    expect(wrongRole.status).toBe(422);
    expect(wrongRole.body.errors).toEqual({ roleId: [organisationUserMessages.unknownRole] });
    const taken = await call('POST', team.base, {
      email,
      firstName: 'X',
      lastName: 'Y',
      roleId: roles.viewer,
    });
    expect(taken.body.errors).toEqual({ email: [organisationUserMessages.emailTaken] });
  });

  it('edits a user, enables and disables them, resends the activation and starts a password reset', async () => {
    const roles = await roleIds();
    const email = `eddie.${team.kind}@example.com`;
    const created = await call('POST', team.base, {
      email,
      firstName: 'Eddie',
      lastName: 'E',
      roleId: roles.viewer,
    });
    const id = created.body.data[team.itemKey].id as number;
    const edited = await call(
      'PUT',
      `${team.base}/${id}`,
      profile({ roleId: roles.manager, phone: '+48 1' }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data[team.itemKey]).toMatchObject({ firstName: 'Tina', role: { slug: 'manager' } });

    const resent = await call('POST', `${team.base}/${id}/activation-email`);
    expect(resent.status).toBe(200);
    expect(await mailsTo(t, email, 'account-activation')).toHaveLength(2);
    const userToken = await activate(t, team.kind, email);

    const reset = await call('POST', `${team.base}/${id}/password`);
    expect(reset.status).toBe(200);
    expect(reset.body.data.userPasswordReset).toEqual({ email, validMinutes: expect.any(Number) });
    expect(await mailsTo(t, email, 'password-reset')).toHaveLength(1);

    const disabled = await call('PUT', `${team.base}/${id}/enabled`, { enabled: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data[team.itemKey].user.enabled).toBe(false);
    expect((await t.call({ method: 'GET', url: `/api/${team.kind}/me`, token: userToken })).status).toBe(401);
    const enabled = await call('PUT', `${team.base}/${id}/enabled`, { enabled: true });
    expect(enabled.body.data[team.itemKey].user.enabled).toBe(true);
  });

  it('refuses users disabling themselves or changing their own role or type, but lets them rename themselves', async () => {
    const roles = await roleIds();
    const own = team.own();
    const disable = await call('PUT', `${team.base}/${own}/enabled`, { enabled: false });
    expect(disable.status).toBe(422);
    expect(disable.body).toEqual({
      message: organisationUserMessages.selfDisable,
      code: 422,
      error: 'users.cannot_disable_self',
      issues: expect.any(Object),
      errors: { enabled: [organisationUserMessages.selfDisable] },
    });
    const demote = await call('PUT', `${team.base}/${own}`, profile({ roleId: roles.viewer }));
    expect(demote.status).toBe(422);
    expect(demote.body.errors).toEqual({ roleId: [organisationUserMessages.selfRoleChange] });
    const service = await call(
      'PUT',
      `${team.base}/${own}`,
      profile({ roleId: roles.admin, type: 'service' }),
    );
    expect(service.body.errors).toEqual({ type: [organisationUserMessages.selfTypeChange] });
    const rename = await call(
      'PUT',
      `${team.base}/${own}`,
      profile({ roleId: roles.admin, firstName: 'Renamed' }),
    );
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    expect(rename.body.data[team.itemKey]).toMatchObject({ firstName: 'Renamed', role: { slug: 'admin' } });
    // Still signed in: nothing of theirs was revoked.
    expect((await call('GET', `/api/${team.kind}/me`)).status).toBe(200);
  });

  it('keeps the last administrator, also against a user whose own role may manage users', async () => {
    const role = await t.call({
      method: 'POST',
      url: '/api/admin/roles',
      token: admin,
      payload: {
        category: team.kind,
        name: 'User manager',
        permissions: [{ resource: `${team.kind}-users`, mode: 'write' }],
      },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const organisationId = team.kind === 'agency' ? ids.demoAgency : ids.demoShop;
    const manager = await activatedUser(t, admin, team.kind, organisationId, {
      email: `manager.${team.kind}@example.com`,
      role: role.body.data.role.slug,
    });
    const res = await call('PUT', `${team.base}/${team.own()}/enabled`, { enabled: false }, manager.token);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ enabled: [organisationUserMessages.lastAdmin] });
  });

  it("answers 404 Not Found for another organisation's user on every route, changing nothing", async () => {
    const roles = await roleIds();
    const mailsBefore = (await t.outbox()).length;
    for (const id of team.foreign()) {
      for (const [method, url, payload] of [
        ['GET', `${team.base}/${id}`],
        ['PUT', `${team.base}/${id}`, profile({ roleId: roles.viewer })],
        ['PUT', `${team.base}/${id}/enabled`, { enabled: false }],
        ['POST', `${team.base}/${id}/activation-email`],
        ['POST', `${team.base}/${id}/password`],
      ] as const) {
        const res = await call(method, url, payload);
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body).toEqual({ message: messages.notFound, code: 404, error: 'common.not_found' });
      }
    }
    expect((await t.outbox()).length).toBe(mailsBefore);
    // Their accounts still work.
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/agency/auth/token',
          payload: { login: 'boss@other.example.com', password: 'quiet-harbour-58' },
        })
      ).status,
    ).toBe(200);
  });

  it('a read-only user reads the team but changes nothing, and has no log in as', async () => {
    const organisationId = team.kind === 'agency' ? ids.demoAgency : ids.demoShop;
    const viewer = await activatedUser(t, admin, team.kind, organisationId, {
      email: `viewer.${team.kind}@example.com`,
      role: 'viewer',
    });
    expect((await call('GET', team.base, undefined, viewer.token)).status).toBe(200);
    expect((await call('GET', `${team.base}/roles`, undefined, viewer.token)).status).toBe(200);
    for (const [method, url, payload] of [
      ['POST', team.base, { email: 'no@example.com', firstName: 'N', lastName: 'O', roleId: 1 }],
      ['PUT', `${team.base}/${team.own()}/enabled`, { enabled: true }],
      ['POST', `${team.base}/${team.own()}/password`],
    ] as const) {
      const res = await call(method, url, payload, viewer.token);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await call('POST', `${team.base}/${team.own()}/auth`)).status).toBe(404);
  });
});

describe("the users of the agency's advertisers", () => {
  const base = '/api/agency/advertiser-users';
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.call({ method, url, token: tokens.agency, ...(payload ? { payload } : {}) });

  it("lists the users of the agency's advertisers only, by advertiser", async () => {
    const res = await call('GET', `${base}?perPage=100`);
    const emails = res.body.data.advertiserUsers.elements.map((u: { email: string }) => u.email);
    expect(emails).toContain(demoAccounts.advertiser.login);
    expect(emails).not.toContain(demoAccounts.solo.login);
    expect(emails).not.toContain('owner@other-shop.example.com');
    const ofShop = await call('GET', `${base}?advertiserId=${ids.demoShop}`);
    expect(ofShop.body.data.advertiserUsers.meta.total).toBeGreaterThan(0);
    const ofSolo = await call('GET', `${base}?advertiserId=${ids.solo}`);
    expect(ofSolo.body.data.advertiserUsers.meta.total).toBe(0);
  });

  it("invites users into its own advertisers only: another's is an unknown advertiser", async () => {
    const roles = await call('GET', `${base}/roles`);
    const viewer = roles.body.data.roles.elements.find((r: { slug: string }) => r.slug === 'viewer').id;
    const payload = { email: 'new.shop.user@example.com', firstName: 'N', lastName: 'U', roleId: viewer };
    for (const advertiserId of [ids.solo, ids.otherShop]) {
      const res = await call('POST', base, { ...payload, advertiserId });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ advertiserId: [organisationUserMessages.unknownAdvertiser] });
    }
    const ok = await call('POST', base, { ...payload, advertiserId: ids.demoShop });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data.advertiserUser.advertiser).toEqual({
      id: ids.demoShop,
      name: 'Demo Shop',
      agencyId: ids.demoAgency,
    });
  });

  it("enables and disables its advertisers' users, and answers 404 for others'", async () => {
    const id = users.advertiser;
    // The Demo Shop keeps another administrator, so its demo user may be disabled.
    await activatedUser(t, admin, 'advertiser', ids.demoShop, {
      email: 'second.admin@demo-shop.example.com',
    });
    const off = await call('PUT', `${base}/${id}/enabled`, { enabled: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.advertiserUser.user.enabled).toBe(false);
    const on = await call('PUT', `${base}/${id}/enabled`, { enabled: true });
    expect(on.body.data.advertiserUser.user.enabled).toBe(true);
    for (const other of [users.solo, users.otherShop]) {
      expect((await call('GET', `${base}/${other}`)).status).toBe(404);
      expect((await call('PUT', `${base}/${other}/enabled`, { enabled: false })).status).toBe(404);
    }
  });
});
