import { randomBytes, randomUUID } from 'node:crypto';
import {
  accounts,
  activityLogs,
  advertisers,
  agencies,
  audiences,
  authTokens,
  banners,
  campaigns,
  demoAccounts,
  feedImportRejections,
  feedImports,
  products,
  queuedEmails,
} from '@rtb/db';
import { type AccountKind, messages } from '@rtb/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedUser, newOrganisation } from '../contexts/identity/users/test-helpers';
import { createTestApp, type TestApp, type TestResponse } from '../test/harness';
import { type ApiRoute, apiRoutes, recordRoutes, routeName, type SeenRoute } from '../test/routes';

/**
 * The isolation matrix: for every agency and advertiser route that takes an id (read from the
 * routes the app registers, so routes added later are covered too), a user of another agency or
 * advertiser gets 403 or 404 and none of the data, also with forged `agency-id`/`advertiser-id`
 * headers; and service users do not reach what spec section 6 keeps from them.
 */
const seen: SeenRoute[] = [];

/** Ids the attacker's own rows get: far above every victim's (the sequences are moved on first). */
const ATTACKER_IDS_FROM = 1_000_000;
/** An id nothing has: what a victim's id must be indistinguishable from. */
const MISSING_ID = 999_999;

/**
 * The table an id route's id belongs to, for the path segments that are not simply the table's
 * name in kebab case. A route whose table cannot be told fails the test until it is added here.
 */
const tableOverrides: Record<string, string> = {
  online: 'online_payments',
  imports: 'feed_imports',
  conversions: 'conversion_orders',
};

let t: TestApp;
let routes: ApiRoute[];
let tables: Map<string, Set<string>>;
let roleIds: Record<'agency' | 'advertiser', number>;

/** A signed-in user and the organisations whose rows are theirs to reach. */
interface Attacker {
  kind: 'agency' | 'advertiser';
  token: string;
  ownAgencyIds: number[];
  ownAdvertiserIds: number[];
}
let attackers: Attacker[];
let victim: { agencyId: number; advertiserIds: number[]; strings: string[] };

/** The query a route requires to get past validation (an export's format and columns). */
const requiredQueries: Record<string, string> = {
  '/advertisers/:id/reports/export': '?format=csv&columns=impressions',
  '/advertisers/:id/statements/:month/download': '?format=csv',
};
/** Path parameters that are no id, with a value their routes take (a statement's month). */
const otherParams: Record<string, string> = { month: '2024-01' };
/** The route's URL with its ids (and other parameters) filled in, and the query it requires. */
const withIds = (url: string, id: number) =>
  url.replace(/:([A-Za-z]+)/g, (_, name: string) => otherParams[name] ?? String(id)) +
  (requiredQueries[url.replace(/^\/api\/[^/]+/, '')] ?? '');
const takesId = (route: ApiRoute) =>
  [...route.url.matchAll(/\/:([A-Za-z]+)/g)].some(([, name]) => !(name && name in otherParams));
const is2xx = (res: TestResponse) => res.status >= 200 && res.status < 300;

/** The table of an id route: the path segment before its first parameter. */
function tableOf(route: ApiRoute): string | null {
  const segment = /\/([^/:]+)\/:/.exec(route.url)?.[1];
  if (!segment) return null;
  const name = tableOverrides[segment] ?? segment.replaceAll('-', '_');
  return tables.has(name) ? name : null;
}

/** SQL: whether a row of the table is the attacker's own to reach; null for a table of no organisation. */
function reachable(table: string, a: Attacker) {
  const list = (ids: number[]) =>
    ids.length
      ? sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`null`;
  const agencies = list(a.ownAgencyIds);
  const advertisersList = list(a.ownAdvertiserIds);
  if (table === 'agencies') return sql`id in (${agencies})`;
  if (table === 'advertisers') return sql`id in (${advertisersList})`;
  const columns = tables.get(table) ?? new Set();
  if (!columns.has('agency_id') && !columns.has('advertiser_id')) return null;
  const byAdvertiser = columns.has('advertiser_id') ? sql`advertiser_id in (${advertisersList})` : sql`false`;
  const byAgency = columns.has('agency_id')
    ? columns.has('advertiser_id')
      ? sql`(advertiser_id is null and agency_id in (${agencies}))`
      : sql`agency_id in (${agencies})`
    : sql`false`;
  return sql`(${byAdvertiser} or ${byAgency})`;
}

/** A few ids of the table's rows that are not the attacker's (first, last and one between). */
async function foreignIds(table: string, a: Attacker): Promise<number[] | null> {
  const own = reachable(table, a);
  if (!own) return null;
  const rows = (await t.database.db.execute(
    sql`select id from ${sql.identifier(table)} where not ${own} order by id`,
  )) as unknown as { rows: { id: string | number }[] };
  const ids = rows.rows.map((row) => Number(row.id));
  return [...new Set([ids[0], ids[Math.floor(ids.length / 2)], ids.at(-1)])].filter(
    (id): id is number => id !== undefined,
  );
}

async function ownIds(table: string, a: Attacker): Promise<number[]> {
  const own = reachable(table, a);
  if (!own) return [];
  const rows = (await t.database.db.execute(
    sql`select id from ${sql.identifier(table)} where ${own} order by id limit 1`,
  )) as unknown as { rows: { id: string | number }[] };
  return rows.rows.map((row) => Number(row.id));
}

/**
 * Bodies that pass validation, so that the id is what decides; null for a route whose body this
 * test does not know (it gets `{}`, and may answer 422 as it does for a missing id).
 */
function payloadOf(route: ApiRoute): object | null {
  if (!route.hasBody) return {};
  const panelPath = route.url.replace(/^\/api\/[^/]+/, '');
  const kind = panelPath.startsWith('/agency-users') ? 'agency' : 'advertiser';
  const known: Record<string, object> = {
    'PUT /advertisers/:id': { name: 'Taken Over' },
    'PUT /agency-users/:id': {
      firstName: 'T',
      lastName: 'O',
      roleId: roleIds[kind],
      type: 'default',
      locale: 'en',
    },
    'PUT /advertiser-users/:id': {
      firstName: 'T',
      lastName: 'O',
      roleId: roleIds[kind],
      type: 'default',
      locale: 'en',
    },
    'PUT /campaigns/:id': {
      name: 'Taken Over',
      startDate: '2099-01-01',
      totalBudget: 100_000,
      maxCpm: 1_000,
    },
    'PUT /campaigns/:id/status': { status: 'archived' },
    'PUT /agency-users/:id/enabled': { enabled: false },
    'PUT /advertiser-users/:id/enabled': { enabled: false },
    'PUT /banners/:id': { name: 'Taken Over', landingUrl: 'https://example.com/' },
    'PUT /banners/:id/status': { status: 'archived' },
    'PUT /banners/:id/template': {
      layout: 'single',
      backgroundColour: '#000000',
      textColour: '#ffffff',
      accentColour: '#ff0000',
      callToAction: 'Taken Over',
    },
    'PUT /audiences/:id': { name: 'Taken Over', rule: 'all_visitors', lookbackDays: 5 },
  };
  return known[`${route.method} ${panelPath}`] ?? null;
}

/** A finished import of the advertiser's feed with a rejected row and a product it read, straight into the tables. */
async function insertFeedImport(advertiserId: number, productId: string) {
  const db = t.database.db;
  const [done] = await db
    .insert(feedImports)
    .values({ advertiserId, trigger: 'upload', status: 'succeeded', itemsRead: 2, added: 1, rejected: 1 })
    .returning({ id: feedImports.id });
  const importId = done?.id as number;
  await db
    .insert(feedImportRejections)
    .values({ importId, position: 2, attribute: 'price', reason: 'missing_price' });
  await db.insert(products).values({
    advertiserId,
    productId,
    title: productId,
    link: 'https://example.com/p',
    imageLink: 'https://example.com/p.jpg',
    additionalImageLinks: [],
    priceMicros: 1_000_000,
    availability: 'in_stock',
    extra: {},
    contentHash: productId,
    lastImportId: importId,
  });
}

/** A pending image banner of the advertiser, straight into the table. */
const insertBanner = (advertiserId: number, name: string) =>
  t.database.db.insert(banners).values({
    advertiserId,
    name,
    type: 'image',
    width: 300,
    height: 250,
    mimeType: 'image/png',
    fileSize: 100,
    landingUrl: 'https://example.com/',
    assetKey: randomBytes(16).toString('hex'),
    assetEntry: 'banner.png',
  });

/** A call as a client would make it; with an Idempotency-Key of its own, so an idempotent route reaches its checks. */
const call = (route: ApiRoute, url: string, token: string, headers: Record<string, string> = {}) => {
  const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : (payloadOf(route) ?? {});
  return t.call({
    method: route.method as 'GET',
    url,
    token,
    headers: { 'idempotency-key': randomUUID(), ...headers },
    ...(payload ? { payload } : {}),
  });
};

/** What a victim's rows look like, to see nothing changed. */
async function victimState() {
  const db = t.database.db;
  const [logs] = await db.select({ n: count() }).from(activityLogs);
  const [mails] = await db.select({ n: count() }).from(queuedEmails);
  const [tokens] = await db.select({ n: count() }).from(authTokens);
  return {
    logs: logs?.n,
    mails: mails?.n,
    tokens: tokens?.n,
    agency: await db.select().from(agencies).where(eq(agencies.id, victim.agencyId)),
    advertisers: await db.select().from(advertisers).orderBy(advertisers.id),
    banners: await db.select().from(banners).orderBy(banners.id),
    campaigns: await db.select().from(campaigns).orderBy(campaigns.id),
    audiences: await db.select().from(audiences).orderBy(audiences.id),
    accounts: await db
      .select({ id: accounts.id, enabled: accounts.enabled, updatedAt: accounts.updatedAt })
      .from(accounts)
      .orderBy(accounts.id),
  };
}

beforeAll(async () => {
  t = await createTestApp({ demo: true, onRoute: recordRoutes(seen) });
  routes = apiRoutes(seen);
  const db = t.database.db;
  const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  const idOf = async (table: typeof agencies | typeof advertisers, name: string) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.name, name)))[0]?.id as number;

  // The victims: the demo agency with its advertisers and users, more of them added through the
  // panels, and the independent Solo Store.
  const created = await t.call({
    method: 'POST',
    url: '/api/agency/advertisers',
    token: agency,
    payload: {
      name: 'Victim Garden',
      userEmail: 'owner@victim-garden.example.com',
      userFirstName: 'Vic',
      userLastName: 'Tim',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const demoAgency = await idOf(agencies, 'Demo Agency');
  await activatedUser(t, admin, 'agency', demoAgency, {
    email: 'team@demo-agency.example.com',
    role: 'viewer',
  });
  // A campaign of each victim advertiser, for the campaign routes to be called with.
  const demoShop = await idOf(advertisers, 'Demo Shop');
  const solo = await idOf(advertisers, 'Solo Store');
  await db.insert(campaigns).values(
    [demoShop, solo].map((advertiserId) => ({
      advertiserId,
      name: 'Victim campaign',
      startDate: '2026-01-01',
      totalBudget: 100_000,
      maxCpm: 1_000,
    })),
  );
  victim = {
    agencyId: demoAgency,
    advertiserIds: [
      await idOf(advertisers, 'Demo Shop'),
      created.body.data.advertiser.id,
      await idOf(advertisers, 'Solo Store'),
    ],
    strings: [
      'Victim campaign',
      'Demo Shop',
      'Victim Garden',
      'Solo Store',
      'Victim banner',
      'Victim product',
      'Victim audience',
      demoAccounts.agency.login,
      demoAccounts.advertiser.login,
    ],
  };

  // A banner of each victim advertiser (rows are enough: the id routes never reach their files).
  for (const advertiserId of victim.advertiserIds) await insertBanner(advertiserId, 'Victim banner');
  // An import and a product of each victim advertiser, for the feed and product routes.
  for (const advertiserId of victim.advertiserIds) await insertFeedImport(advertiserId, 'Victim product');
  await db.insert(audiences).values(
    victim.advertiserIds.map((advertiserId) => ({
      advertiserId,
      name: 'Victim audience',
      rule: 'all_visitors' as const,
      lookbackDays: 30,
    })),
  );

  // Every id the attackers' rows get from here on is far above the victims'.
  const sequences = (await db.execute(sql`select schemaname, sequencename from pg_sequences`)) as unknown as {
    rows: { schemaname: string; sequencename: string }[];
  };
  for (const s of sequences.rows)
    await db.execute(
      sql`select setval(${`"${s.schemaname}"."${s.sequencename}"`}::regclass, ${ATTACKER_IDS_FROM})`,
    );

  const rivalAgency = await newOrganisation(t, admin, 'agency', { name: 'Rival Agency' });
  const rivalShop = await newOrganisation(t, admin, 'advertiser', {
    name: 'Rival Shop',
    agencyId: rivalAgency,
  });
  const rivalAgencyUser = await activatedUser(t, admin, 'agency', rivalAgency, {
    email: 'boss@rival.example.com',
  });
  const rivalShopUser = await activatedUser(t, admin, 'advertiser', rivalShop, {
    email: 'owner@rival-shop.example.com',
  });
  await insertBanner(rivalShop, 'Rival banner');
  await insertFeedImport(rivalShop, 'Rival product');
  await db
    .insert(audiences)
    .values({ advertiserId: rivalShop, name: 'Rival audience', rule: 'buyers', lookbackDays: 7 });
  attackers = [
    {
      kind: 'agency',
      token: rivalAgencyUser.token,
      ownAgencyIds: [rivalAgency],
      ownAdvertiserIds: [rivalShop],
    },
    { kind: 'advertiser', token: rivalShopUser.token, ownAgencyIds: [], ownAdvertiserIds: [rivalShop] },
  ];

  const columns = (await db.execute(
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
  )) as unknown as { rows: { table_name: string; column_name: string }[] };
  tables = new Map();
  for (const { table_name, column_name } of columns.rows) {
    tables.set(table_name, (tables.get(table_name) ?? new Set()).add(column_name));
  }
  const roleOf = async (category: AccountKind) =>
    (
      await t.call({ method: 'GET', url: `/api/admin/roles?category=${category}`, token: admin })
    ).body.data.roles.elements.find((r: { slug: string }) => r.slug === 'viewer').id as number;
  roleIds = { agency: await roleOf('agency'), advertiser: await roleOf('advertiser') };
});
afterAll(() => t.close());

const panelRoutes = (kind: AccountKind) =>
  routes.filter((route) => route.panel === kind && typeof route.access === 'object');
const idRoutes = (kind: AccountKind) => panelRoutes(kind).filter(takesId);

describe('the isolation matrix', () => {
  it('finds the id routes of both panels (the collection works)', () => {
    expect(idRoutes('agency').map(routeName)).toEqual(
      expect.arrayContaining([
        'GET /api/agency/advertisers/:id',
        'PUT /api/agency/advertisers/:id',
        'POST /api/agency/advertisers/:id/auth',
        'GET /api/agency/agency-users/:id',
        'PUT /api/agency/advertiser-users/:id/enabled',
        'POST /api/agency/advertiser-users/:id/auth',
      ]),
    );
    expect(idRoutes('advertiser').map(routeName)).toEqual(
      expect.arrayContaining([
        'GET /api/advertiser/advertiser-users/:id',
        'POST /api/advertiser/advertiser-users/:id/password',
      ]),
    );
  });

  it.each(['agency', 'advertiser'] as const)(
    "%s id routes: another organisation's ids get 403 or 404, as a missing id does, and no data",
    async (kind) => {
      const attacker = attackers.find((a) => a.kind === kind) as Attacker;
      const before = await victimState();
      const leaks: string[] = [];
      const unknownTables: string[] = [];
      let checked = 0;
      for (const route of idRoutes(kind)) {
        const table = tableOf(route);
        if (!table) {
          unknownTables.push(routeName(route));
          continue;
        }
        const ids = await foreignIds(table, attacker);
        if (ids === null) continue; // a table of no organisation (shared data): nothing to isolate
        const missing = await call(route, withIds(route.url, MISSING_ID), attacker.token);
        // With a body that passes validation only 403 or 404 will do.
        const strict = payloadOf(route) !== null;
        for (const id of ids) {
          const res = await call(route, withIds(route.url, id), attacker.token);
          checked += 1;
          const refused = res.status === 403 || res.status === 404;
          const asMissing =
            res.status === missing.status && JSON.stringify(res.body) === JSON.stringify(missing.body);
          const body = JSON.stringify(res.body);
          if (
            is2xx(res) ||
            !(refused || (!strict && asMissing)) ||
            victim.strings.some((s) => body.includes(s))
          )
            leaks.push(`${routeName(route)} id ${id} (${table}): ${res.status} ${body.slice(0, 200)}`);
        }
      }
      expect(unknownTables, 'id routes whose table is not known: add them to tableOverrides').toEqual([]);
      expect(leaks).toEqual([]);
      expect(checked).toBeGreaterThan(kind === 'agency' ? 20 : 10);
      expect(await victimState()).toEqual(before);
    },
  );

  it.each(['agency', 'advertiser'] as const)(
    '%s id routes answer reads of the attacker’s own rows (the refusals above are not a broken route)',
    async (kind) => {
      const attacker = attackers.find((a) => a.kind === kind) as Attacker;
      const failing: string[] = [];
      let checked = 0;
      for (const route of idRoutes(kind).filter((r) => r.method === 'GET')) {
        const table = tableOf(route);
        for (const id of table ? await ownIds(table, attacker) : []) {
          const res = await t.call({ method: 'GET', url: withIds(route.url, id), token: attacker.token });
          checked += 1;
          if (res.status !== 200) failing.push(`${routeName(route)} id ${id}: ${res.status}`);
        }
      }
      expect(failing).toEqual([]);
      expect(checked).toBeGreaterThanOrEqual(kind === 'agency' ? 3 : 1);
    },
  );

  it.each(['agency', 'advertiser'] as const)(
    "%s routes refuse forged agency-id and advertiser-id headers naming another's organisation",
    async (kind) => {
      const attacker = attackers.find((a) => a.kind === kind) as Attacker;
      const own = attacker.ownAdvertiserIds[0] as number;
      const forged = [
        { 'agency-id': String(victim.agencyId) },
        ...victim.advertiserIds.map((id) => ({ 'advertiser-id': String(id) })),
      ];
      const passed: string[] = [];
      for (const route of panelRoutes(kind)) {
        for (const headers of forged) {
          const res = await call(route, withIds(route.url, own), attacker.token, headers);
          if (res.status !== 403 || res.body.message !== messages.forbidden)
            passed.push(`${routeName(route)} ${JSON.stringify(headers)}: ${res.status}`);
        }
      }
      expect(panelRoutes(kind).length).toBeGreaterThan(5);
      expect(passed).toEqual([]);
    },
  );
});

describe('service users (spec section 6)', () => {
  it('are kept from User Settings and their organisation’s own page, and still load their profile', async () => {
    const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    const closed = routes.filter(
      (route) => typeof route.access === 'object' && route.access.refuseServiceUsers === true,
    );
    expect(closed.map(routeName)).toEqual(
      expect.arrayContaining([
        'PUT /api/agency/me',
        'POST /api/agency/me/password',
        'PUT /api/advertiser/me',
        'POST /api/advertiser/me/password',
        'PUT /api/agency/agencies/me',
        'PUT /api/agency/me/billing-info',
        'PUT /api/advertiser/advertisers/me',
        'PUT /api/advertiser/me/billing-info',
      ]),
    );
    const reached: string[] = [];
    for (const kind of ['agency', 'advertiser'] as const) {
      const organisationId = kind === 'agency' ? victim.agencyId : (victim.advertiserIds[0] as number);
      const service = await activatedUser(t, admin, kind, organisationId, {
        email: `robot.${kind}@example.com`,
        type: 'service',
      });
      const me = await t.call({ method: 'GET', url: `/api/${kind}/me`, token: service.token });
      expect(me.status).toBe(200);
      expect(me.body.data.me[`${kind}User`].type).toBe('service');
      for (const route of closed.filter((r) => r.panel === kind)) {
        // Refused before the body is even read: an empty one will do.
        const res = await call(route, withIds(route.url, organisationId), service.token);
        if (res.status !== 403) reached.push(`${kind} ${routeName(route)}: ${res.status}`);
      }
      // A default user of the same role goes through.
      const person = await activatedUser(t, admin, kind, organisationId, {
        email: `person.${kind}@example.com`,
      });
      const edit = await t.call({
        method: 'PUT',
        url: `/api/${kind}/me`,
        token: person.token,
        payload: { firstName: 'Real', lastName: 'Person', locale: 'en' },
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    }
    expect(reached).toEqual([]);
  });
});
