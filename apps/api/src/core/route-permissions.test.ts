import {
  accounts,
  advertisers,
  advertiserUsers,
  agencies,
  agencyUsers,
  demoAccounts,
  hashPassword,
} from '@rtb/db';
import { type AccountKind, accountKinds, messages, permissionCatalogue, permissionModes } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithRole } from '../contexts/platform/configuration/test-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import { type ApiRoute, apiRoutes, routeName as name, recordRoutes, type SeenRoute } from '../test/routes';

/** Every route the app adds, seen by an onRoute hook on the instance before any plugin. */
const seen: SeenRoute[] = [];

const PASSWORD = 'quiet-harbour-42';
let t: TestApp;
let routes: ApiRoute[];

/** A signed-in user of the panel whose role grants nothing. */
async function userWithoutPermissions(kind: AccountKind, admin: string): Promise<string> {
  const role = await t.call({
    method: 'POST',
    url: '/api/admin/roles',
    token: admin,
    payload: { category: kind, name: 'No permissions', permissions: [] },
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const { id: roleId, slug, permissions } = role.body.data.role;
  expect(permissions).toEqual([]);
  const login = `nothing-${kind}@example.com`;
  if (kind === 'admin') return adminWithRole(t, slug, login);

  const db = t.database.db;
  const [account] = await db
    .insert(accounts)
    .values({ login, kind, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() })
    .returning({ id: accounts.id });
  const profile = {
    accountId: account?.id as number,
    roleId,
    firstName: 'Nil',
    lastName: 'Nobody',
    avatarColor: '#475569',
  };
  if (kind === 'agency') {
    const [agency] = await db.select().from(agencies).where(eq(agencies.name, 'Demo Agency'));
    await db.insert(agencyUsers).values({ ...profile, agencyId: agency?.id as number });
  } else {
    const [advertiser] = await db.select().from(advertisers).where(eq(advertisers.name, 'Demo Shop'));
    await db.insert(advertiserUsers).values({ ...profile, advertiserId: advertiser?.id as number });
  }
  return t.loginAs(kind, login, PASSWORD);
}

/** A concrete URL for the route: every path parameter is 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');
const call = (route: ApiRoute, token: string) =>
  t.call({
    method: route.method as 'GET',
    url: concrete(route.url),
    token,
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
  });

let tokens: Record<AccountKind, string>;
let empty: Record<AccountKind, string>;

beforeAll(async () => {
  t = await createTestApp({ demo: true, onRoute: recordRoutes(seen) });
  routes = apiRoutes(seen);
  tokens = {
    admin: await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password),
    agency: await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password),
    advertiser: await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    ),
  };
  empty = {
    admin: await userWithoutPermissions('admin', tokens.admin),
    agency: await userWithoutPermissions('agency', tokens.admin),
    advertiser: await userWithoutPermissions('advertiser', tokens.admin),
  };
});
afterAll(() => t.close());

describe('every route declares the permission it needs', () => {
  it('sees the routes of the app (the collection works)', () => {
    expect(routes.map(name)).toEqual(
      expect.arrayContaining(['GET /api/admin/roles', 'PUT /api/admin/roles/:id', 'GET /api/agency/me']),
    );
  });

  it('panel routes other than auth/* and me* name a catalogue resource of their panel', () => {
    const wrong = routes
      .filter((route) => route.panel && !route.own)
      .filter((route) => {
        const access = route.access;
        if (typeof access !== 'object' || access.kind !== route.panel || !access.permission) return true;
        const [resource, mode] = access.permission;
        const catalogue: readonly { resource: string }[] = permissionCatalogue[route.panel as AccountKind];
        return !catalogue.some((entry) => entry.resource === resource) || !permissionModes.includes(mode);
      })
      .map((route) => `${name(route)} ${JSON.stringify(route.access)}`);
    expect(wrong).toEqual([]);
  });

  it("auth/* and me* routes are public (signing in) or their own panel's", () => {
    const wrong = routes
      .filter((route) => route.panel && route.own)
      .filter(
        (route) =>
          route.access !== 'public' &&
          (typeof route.access !== 'object' || route.access.kind !== route.panel),
      )
      .map((route) => `${name(route)} ${JSON.stringify(route.access)}`);
    expect(wrong).toEqual([]);
  });
});

describe('the server enforces them', () => {
  const guarded = (panel: AccountKind) =>
    routes.filter((route) => route.panel === panel && typeof route.access === 'object');

  it.each(accountKinds)('%s routes answer 403 to the users of the other panels', async (panel) => {
    const allowed: string[] = [];
    for (const route of guarded(panel)) {
      for (const other of accountKinds.filter((kind) => kind !== panel)) {
        const res = await call(route, tokens[other]);
        if (res.status !== 403 || res.body.message !== messages.forbidden)
          allowed.push(`${other}: ${name(route)} ${res.status}`);
      }
    }
    expect(guarded(panel).length).toBeGreaterThan(0);
    expect(allowed).toEqual([]);
  });

  it.each(accountKinds)(
    '%s routes with a permission answer 403 to a user of the panel whose role grants nothing',
    async (panel) => {
      const allowed: string[] = [];
      const withPermission = guarded(panel).filter(
        (route) => typeof route.access === 'object' && route.access.permission,
      );
      for (const route of withPermission) {
        const res = await call(route, empty[panel]);
        if (res.status !== 403 || res.body.message !== messages.forbidden)
          allowed.push(`${name(route)} ${res.status}`);
      }
      if (panel === 'admin') expect(withPermission.length).toBeGreaterThan(10);
      expect(allowed).toEqual([]);
    },
  );

  it('the user without permissions still reaches their own profile', async () => {
    for (const kind of accountKinds) {
      const res = await t.call({ method: 'GET', url: `/api/${kind}/me`, token: empty[kind] });
      expect(res.status, kind).toBe(200);
      expect(res.body.data.me.permissions).toEqual([]);
    }
  });
});
