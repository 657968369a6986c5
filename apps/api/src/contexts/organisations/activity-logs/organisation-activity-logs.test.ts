import { activityLogs, demoAccounts } from '@rtb/db';
import { messages } from '@rtb/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { organisationId, organisationUser } from '../organisations/test-users';

let t: TestApp;
let admin: string;
let tokens: { agency: string; shop: string; solo: string; rival: string };
let ids: { agency: number; shop: number; solo: number; rival: number; rivalShop: number };
let accounts: { agency: number; shop: number; admin: number };

interface Entry {
  id: number;
  event: string;
  entityType: string;
  entityId: string;
  ip: string | null;
  userAgent: string | null;
  actor: { id: number; name: string } | null;
  agency: { id: number } | null;
  advertiser: { id: number } | null;
}

const log = (kind: 'agency' | 'advertiser', token: string, query = '', headers?: Record<string, string>) =>
  t.call({ method: 'GET', url: `/api/${kind}/activity-logs${query ? `?${query}` : ''}`, token, headers });
const entries = (res: { body: { data: { activityLogs: { elements: Entry[] } } } }) =>
  res.body.data.activityLogs.elements;
const accountOf = async (token: string, kind: string) =>
  (await t.call({ method: 'GET', url: `/api/${kind}/me`, token })).body.data.me.id as number;

/** The ids a scope holds, newest first, straight from the table. */
const expectedIds = async (column: 'agencyId' | 'advertiserId', id: number) =>
  (
    await t.database.db
      .select({ id: activityLogs.id })
      .from(activityLogs)
      .where(eq(activityLogs[column], id))
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
  ).map((row) => row.id);

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  ids = {
    agency: await organisationId(t, 'agency', 'Demo Agency'),
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
    rival: 0,
    rivalShop: 0,
  };
  ids.rival = (
    await t.call({
      method: 'POST',
      url: '/api/admin/agencies',
      token: admin,
      payload: { name: 'Rival Agency' },
    })
  ).body.data.agency.id;
  ids.rivalShop = (
    await t.call({
      method: 'POST',
      url: '/api/admin/advertisers',
      token: admin,
      payload: { name: 'Rival Shop', agencyId: ids.rival },
    })
  ).body.data.advertiser.id;
  tokens = {
    agency: await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password),
    shop: await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password),
    solo: await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password),
    rival: (
      await organisationUser(t, 'agency', ids.rival, { login: 'boss@rival.example.com', firstName: 'Rita' })
    ).token,
  };
  accounts = {
    agency: await accountOf(tokens.agency, 'agency'),
    shop: await accountOf(tokens.shop, 'advertiser'),
    admin: await accountOf(admin, 'admin'),
  };
  const put = (url: string, token: string, payload: object) =>
    t.call({ method: 'PUT', url, token, payload, headers: { 'user-agent': 'test-browser' } });
  // Changes of each organisation, by its own users and by an admin.
  await put('/api/agency/agencies/me', tokens.agency, { phone: '+48 22 000 00 01' });
  await put('/api/advertiser/advertisers/me', tokens.shop, { phone: '+48 600 000 002' });
  await put('/api/advertiser/advertisers/me', tokens.solo, { phone: '+49 30 000 003' });
  await put('/api/agency/agencies/me', tokens.rival, { phone: '+1 555 0100' });
  await put(`/api/admin/agencies/${ids.agency}`, admin, { name: 'Demo Agency', creditLimit: 10000 });
});
afterAll(() => t.close());

describe('GET /api/agency/activity-logs', () => {
  it("lists the agency's own rows and its advertisers', newest first, and no one else's", async () => {
    const res = await log('agency', tokens.agency, 'perPage=100');
    expect(res.status).toBe(200);
    const found = entries(res);
    expect(found.map((e) => e.id)).toEqual(await expectedIds('agencyId', ids.agency));
    expect(found.every((e) => e.agency?.id === ids.agency)).toBe(true);
    const changed = found.filter((e) => e.event === 'updated').map((e) => `${e.entityType}#${e.entityId}`);
    expect(changed).toEqual([`agency#${ids.agency}`, `advertiser#${ids.shop}`, `agency#${ids.agency}`]);
    const text = JSON.stringify(res.body);
    for (const foreign of ['Rival', 'Solo Store', '+49 30 000 003', '+1 555 0100'])
      expect(text).not.toContain(foreign);
  });

  it('cannot be widened or moved by organisation filters or headers', async () => {
    const own = (await expectedIds('agencyId', ids.agency)).length;
    for (const query of [`agencyId=${ids.rival}&perPage=100`, `advertiserId=${ids.rivalShop}&perPage=100`]) {
      const res = await log('agency', tokens.agency, query);
      expect(res.status).toBe(200);
      expect(entries(res)).toHaveLength(own);
      expect(entries(res).every((e) => e.agency?.id === ids.agency)).toBe(true);
    }
    for (const headers of <Record<string, string>[]>[
      { 'agency-id': String(ids.rival) },
      { 'advertiser-id': String(ids.rivalShop) },
    ]) {
      const res = await log('agency', tokens.agency, '', headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: messages.forbidden, code: 403, error: 'common.forbidden' });
    }
    // One of its own advertisers in the header does not narrow the agency's log.
    const narrowed = await log('agency', tokens.agency, 'perPage=100', { 'advertiser-id': String(ids.shop) });
    expect(entries(narrowed)).toHaveLength(own);
  });

  it('filters by user, entity, event and date', async () => {
    const byUser = entries(await log('agency', tokens.agency, `actorAccountId=${accounts.shop}`));
    expect(byUser.map((e) => `${e.event}:${e.entityType}`)).toEqual(['updated:advertiser']);
    const byEntity = entries(
      await log('agency', tokens.agency, `entityType=advertiser&entityId=${ids.shop}`),
    );
    expect(byEntity.map((e) => e.entityId)).toEqual([String(ids.shop)]);
    const byEvent = entries(await log('agency', tokens.agency, 'event=updated&entityType=agency'));
    expect(byEvent).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      entries(await log('agency', tokens.agency, `from=${today}&to=${today}&event=updated`)),
    ).toHaveLength(3);
    expect(entries(await log('agency', tokens.agency, 'to=2000-01-01'))).toEqual([]);
    const bad = await log('agency', tokens.agency, 'from=2024-02-30');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['from']);
  });

  it("pages through the agency's rows with the cursor, each row once", async () => {
    const expected = await expectedIds('agencyId', ids.agency);
    expect(expected.length).toBeGreaterThan(2);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res = await log('agency', tokens.agency, `perPage=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...entries(res).map((e) => e.id));
      cursor = res.body.data.activityLogs.meta.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(expected);
  });

  it("keeps the platform staff's address and browser out, and the organisation's users' in", async () => {
    const found = entries(await log('agency', tokens.agency, 'event=updated&entityType=agency'));
    const byAdmin = found.find((e) => e.actor?.id === accounts.admin);
    const byUser = found.find((e) => e.actor?.id === accounts.agency);
    expect(byAdmin).toMatchObject({ ip: null, userAgent: null, actor: { name: 'Ada Admin' } });
    expect(byUser).toMatchObject({ ip: expect.any(String), userAgent: 'test-browser' });
    const detail = await t.call({
      method: 'GET',
      url: `/api/agency/activity-logs/${byAdmin?.id}`,
      token: tokens.agency,
    });
    expect(detail.body.data.activityLog).toMatchObject({ ip: null, userAgent: null });
    const adminDetail = await t.call({
      method: 'GET',
      url: `/api/admin/activity-logs/${byAdmin?.id}`,
      token: admin,
    });
    expect(adminDetail.body.data.activityLog).toMatchObject({
      ip: expect.any(String),
      userAgent: 'test-browser',
    });
  });
});

describe('GET /api/advertiser/activity-logs', () => {
  it("lists the advertiser's own rows only: not its agency's, not another advertiser's", async () => {
    const res = await log('advertiser', tokens.shop, 'perPage=100');
    expect(res.status).toBe(200);
    const found = entries(res);
    expect(found.map((e) => e.id)).toEqual(await expectedIds('advertiserId', ids.shop));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => e.advertiser?.id === ids.shop)).toBe(true);
    expect(found.some((e) => e.entityType === 'agency')).toBe(false);

    const solo = entries(await log('advertiser', tokens.solo, 'perPage=100'));
    expect(solo.map((e) => e.id)).toEqual(await expectedIds('advertiserId', ids.solo));
    expect(solo.every((e) => e.advertiser?.id === ids.solo)).toBe(true);
  });

  it('refuses forged headers of another organisation with 403', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'advertiser-id': String(ids.solo) },
      { 'agency-id': String(ids.rival) },
    ]) {
      const res = await log('advertiser', tokens.shop, '', headers);
      expect(res.status).toBe(403);
      expect(res.body.data).toBeUndefined();
    }
  });
});

describe('GET /api/{agency|advertiser}/activity-logs/:id', () => {
  it("gives the organisation's own entry and 404 for anyone else's", async () => {
    const [shopRow] = await expectedIds('advertiserId', ids.shop);
    const [soloRow] = await expectedIds('advertiserId', ids.solo);
    const [rivalRow] = await expectedIds('agencyId', ids.rival);
    const [agencyRow] = (
      await t.database.db
        .select({ id: activityLogs.id })
        .from(activityLogs)
        .where(eq(activityLogs.entityType, 'agency'))
        .orderBy(desc(activityLogs.id))
    ).filter(Boolean);
    const get = (kind: string, token: string, id?: number) =>
      t.call({ method: 'GET', url: `/api/${kind}/activity-logs/${id}`, token });

    expect((await get('agency', tokens.agency, shopRow)).status).toBe(200);
    expect((await get('advertiser', tokens.shop, shopRow)).body.data.activityLog).toMatchObject({
      id: shopRow,
    });
    for (const [kind, token, id] of [
      ['agency', tokens.agency, rivalRow],
      ['agency', tokens.agency, soloRow],
      ['advertiser', tokens.shop, soloRow],
      ['advertiser', tokens.shop, agencyRow?.id],
      ['advertiser', tokens.solo, shopRow],
    ] as const) {
      const res = await get(kind, token, id);
      expect(res.status, `${kind} ${id}`).toBe(404);
      expect(res.body).toEqual({ message: messages.notFound, code: 404, error: 'common.not_found' });
    }
  });
});

describe('GET /api/{agency|advertiser}/activity-logs/users', () => {
  it("gives an agency its users and its advertisers' users", async () => {
    const res = await t.call({ method: 'GET', url: '/api/agency/activity-logs/users', token: tokens.agency });
    expect(res.status).toBe(200);
    expect(res.body.data.users.elements).toEqual([
      {
        id: accounts.agency,
        login: demoAccounts.agency.login,
        name: 'Adam Agencki',
        organisation: { id: ids.agency, name: 'Demo Agency' },
      },
      {
        id: accounts.shop,
        login: demoAccounts.advertiser.login,
        name: 'Dorota Sklepowa',
        organisation: { id: ids.shop, name: 'Demo Shop' },
      },
    ]);
  });

  it('gives an advertiser its own users only', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/advertiser/activity-logs/users',
      token: tokens.solo,
    });
    expect(res.body.data.users.elements.map((u: { login: string }) => u.login)).toEqual([
      demoAccounts.solo.login,
    ]);
  });
});

describe('who may read it', () => {
  const urls = (kind: string) => [
    `/api/${kind}/activity-logs`,
    `/api/${kind}/activity-logs/users`,
    `/api/${kind}/activity-logs/1`,
  ];

  it('refuses local roles other than admin (the seeded manager and viewer lack the permission)', async () => {
    for (const [kind, organisation] of [
      ['agency', ids.agency],
      ['advertiser', ids.shop],
    ] as const) {
      for (const role of ['manager', 'viewer']) {
        const user = await organisationUser(t, kind, organisation, {
          login: `${role}@${kind}.example.com`,
          role,
        });
        for (const url of urls(kind)) {
          const res = await t.call({ method: 'GET', url, token: user.token });
          expect(res.status, `${role} ${url}`).toBe(403);
          expect(res.body.message).toBe(messages.forbidden);
        }
      }
    }
  });

  it('is for its own panel: 401 without a session, 403 for the other panels', async () => {
    for (const [kind, others] of [
      ['agency', [admin, tokens.shop]],
      ['advertiser', [admin, tokens.agency]],
    ] as const) {
      for (const url of urls(kind)) {
        expect((await t.call({ method: 'GET', url })).status).toBe(401);
        for (const token of others) expect((await t.call({ method: 'GET', url, token })).status).toBe(403);
      }
    }
  });
});
