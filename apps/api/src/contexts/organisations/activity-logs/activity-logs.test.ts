import { accounts, activityLogs, advertisers, agencies, banners, demoAccounts } from '@rtb/db';
import { ACTIVITY_LOG_COUNT_LIMIT, INVALID_CURSOR_MESSAGE, messages } from '@rtb/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertBanner } from '../../campaigns/campaigns/test-helpers';
import { type Actor, recordActivity } from '../../platform/activity-logs/service';

let t: TestApp;
let adminToken: string;
let ids: { admin: number; agencyUser: number; agency: number; advertiser: number };

const API_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const accountId = async (login: string) => {
  const [row] = await t.database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.login, login));
  if (!row) throw new Error(`no account ${login}`);
  return row.id;
};

const actor = (accountId: number | null, impersonatorAccountId: number | null = null): Actor => ({
  accountId,
  impersonatorAccountId,
  requestId: 'req-test',
  ip: '10.1.2.3',
  userAgent: 'vitest',
});

const list = (query = '', token = adminToken) =>
  t.call({ method: 'GET', url: `/api/admin/activity-logs${query ? `?${query}` : ''}`, token });

/** The ids, newest first, that the table holds for a condition: what every page must add up to. */
const expectedIds = async (where: ReturnType<typeof eq>) =>
  (
    await t.database.db
      .select({ id: activityLogs.id })
      .from(activityLogs)
      .where(where)
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
  ).map((r) => r.id);

const idsOf = (res: { body: { data: { activityLogs: { elements: { id: number }[] } } } }) =>
  res.body.data.activityLogs.elements.map((e) => e.id);

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  adminToken = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  const [agency] = await t.database.db.select().from(agencies).where(eq(agencies.name, 'Demo Agency'));
  const [advertiser] = await t.database.db
    .select()
    .from(advertisers)
    .where(eq(advertisers.name, 'Demo Shop'));
  if (!agency || !advertiser) throw new Error('demo organisations missing');
  ids = {
    admin: await accountId(demoAccounts.admin.login),
    agencyUser: await accountId(demoAccounts.agency.login),
    agency: agency.id,
    advertiser: advertiser.id,
  };
  const deps = t.deps;
  // An agency user edits an advertiser of the agency while an admin is logged in as them.
  await recordActivity(deps, actor(ids.agencyUser, ids.admin), [
    {
      event: 'updated',
      entityType: 'advertiser',
      entityId: ids.advertiser,
      agencyId: ids.agency,
      advertiserId: ids.advertiser,
      before: { name: 'Demo Shop', phone: '1', taxId: 'PL1' },
      after: { name: 'Demo Shop 2', phone: '1', taxId: 'PL1' },
    },
  ]);
  // The admin creates and deletes a country: no organisation.
  await recordActivity(deps, actor(ids.admin), [
    { event: 'created', entityType: 'country', entityId: 'XX', after: { code: 'XX', name: 'Nowhere' } },
  ]);
  await recordActivity(deps, actor(ids.admin), [
    { event: 'deleted', entityType: 'country', entityId: 'XX', before: { code: 'XX', name: 'Nowhere' } },
  ]);
  // A system change (no actor) on the agency.
  await recordActivity(deps, actor(null), [
    {
      event: 'created',
      entityType: 'agency',
      entityId: ids.agency,
      agencyId: ids.agency,
      after: { name: 'Demo Agency', password: 'secret' },
    },
  ]);
});
afterAll(() => t.close());

describe('GET /api/admin/activity-logs', () => {
  it('lists newest first with actor, impersonator and organisations joined', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const { elements, meta } = res.body.data.activityLogs;
    expect(elements.map((e: { entityType: string }) => e.entityType).slice(0, 4)).toEqual([
      'agency',
      'country',
      'country',
      'advertiser',
    ]);
    expect(meta).toMatchObject({ page: 1, perPage: 25, totalIsEstimate: false, nextCursor: null });
    expect(meta.total).toBe(elements.length);
    const update = elements.find((e: { entityType: string }) => e.entityType === 'advertiser');
    expect(update).toEqual({
      id: expect.any(Number),
      createdAt: expect.stringMatching(API_DATETIME),
      requestId: 'req-test',
      event: 'updated',
      entityType: 'advertiser',
      entityId: String(ids.advertiser),
      entityName: 'Demo Shop 2',
      changes: { before: { name: 'Demo Shop' }, after: { name: 'Demo Shop 2' } },
      ip: '10.1.2.3',
      userAgent: 'vitest',
      actor: { id: ids.agencyUser, kind: 'agency', login: demoAccounts.agency.login, name: 'Adam Agencki' },
      impersonator: { id: ids.admin, kind: 'admin', login: demoAccounts.admin.login, name: 'Ada Admin' },
      agency: { id: ids.agency, name: 'Demo Agency' },
      advertiser: { id: ids.advertiser, name: 'Demo Shop' },
      currency: expect.objectContaining({ code: 'PLN' }),
    });
    const system = elements.find((e: { entityType: string }) => e.entityType === 'agency');
    expect(system).toMatchObject({
      actor: null,
      impersonator: null,
      advertiser: null,
      changes: { before: null, after: { name: 'Demo Agency', password: '[redacted]' } },
    });
  });

  it('names the entity as it was named at the change, though the change logs its status alone', async () => {
    // Solo Store: an advertiser without an agency, whose money is in euros.
    const [solo] = await t.database.db
      .select({ id: advertisers.id })
      .from(advertisers)
      .where(eq(advertisers.name, 'Solo Store'));
    const banner = await insertBanner(t, solo?.id ?? 0, 'pending', 'Spring banner');
    const approved = await t.call({
      method: 'PUT',
      url: `/api/admin/banners/${banner}/review`,
      token: adminToken,
      payload: { decision: 'approve' },
    });
    expect(approved.status).toBe(200);
    // Renamed since: the entry keeps the name it had.
    await t.database.db.update(banners).set({ name: 'Renamed' }).where(eq(banners.id, banner));
    const res = await list(`entityType=banner&entityId=${banner}`);
    expect(res.body.data.activityLogs.elements).toEqual([
      expect.objectContaining({
        event: 'updated',
        entityName: 'Spring banner',
        changes: { before: { status: 'pending' }, after: { status: 'approved' } },
        currency: expect.objectContaining({ code: 'EUR' }),
      }),
    ]);
    const one = await t.call({
      method: 'GET',
      url: `/api/admin/activity-logs/${res.body.data.activityLogs.elements[0].id}`,
      token: adminToken,
    });
    expect(one.body.data.activityLog.entityName).toBe('Spring banner');
    // A country has no organisation, so no currency; its name comes from its fields.
    const country = (await list('entityType=country')).body.data.activityLogs.elements[0];
    expect(country).toMatchObject({ entityName: 'Nowhere', currency: null });
  });

  it('lists a change made through the API (PUT /api/admin/me)', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/admin/me',
      token: adminToken,
      payload: { firstName: 'Adela', lastName: 'Admin', locale: 'en' },
    });
    expect(res.status).toBe(200);
    const logged = await list('entityType=admin_user');
    expect(logged.body.data.activityLogs.elements).toEqual([
      expect.objectContaining({
        event: 'updated',
        entityType: 'admin_user',
        entityName: 'Adela Admin',
        changes: { before: { firstName: 'Ada' }, after: { firstName: 'Adela' } },
        actor: { id: ids.admin, kind: 'admin', login: demoAccounts.admin.login, name: 'Adela Admin' },
        impersonator: null,
        agency: null,
      }),
    ]);
    const put = await t.call({
      method: 'PUT',
      url: '/api/admin/me',
      token: adminToken,
      payload: { firstName: 'Ada', lastName: 'Admin', locale: 'en' },
    });
    expect(put.status).toBe(200);
  });

  describe('filters', () => {
    const entities = (res: { body: { data: { activityLogs: { elements: object[] } } } }) =>
      res.body.data.activityLogs.elements.map((e) => {
        const { event, entityType } = e as { event: string; entityType: string };
        return `${event}:${entityType}`;
      });

    it('by organisation (agencyId, advertiserId)', async () => {
      expect(entities(await list(`agencyId=${ids.agency}`))).toEqual([
        'created:agency',
        'updated:advertiser',
      ]);
      expect(entities(await list(`advertiserId=${ids.advertiser}`))).toEqual(['updated:advertiser']);
      expect(entities(await list('agencyId=999999'))).toEqual([]);
    });

    it('by user (actorAccountId)', async () => {
      expect(entities(await list(`actorAccountId=${ids.agencyUser}`))).toEqual(['updated:advertiser']);
      const admin = entities(await list(`actorAccountId=${ids.admin}`));
      expect(admin).toContain('created:country');
      expect(admin).toContain('deleted:country');
      expect(admin).not.toContain('updated:advertiser');
    });

    it('by entity type and id', async () => {
      expect(entities(await list('entityType=country'))).toEqual(['deleted:country', 'created:country']);
      expect(entities(await list('entityType=country&entityId=XX'))).toEqual([
        'deleted:country',
        'created:country',
      ]);
      expect(entities(await list('entityType=country&entityId=YY'))).toEqual([]);
    });

    it('by event', async () => {
      const deleted = await list('event=deleted');
      expect(entities(deleted)).toEqual(['deleted:country']);
      expect(entities(await list('event=created&entityType=country'))).toEqual(['created:country']);
    });

    it('by combined filters', async () => {
      expect(
        entities(await list(`agencyId=${ids.agency}&actorAccountId=${ids.agencyUser}&event=updated`)),
      ).toEqual(['updated:advertiser']);
      expect(entities(await list(`agencyId=${ids.agency}&event=deleted`))).toEqual([]);
    });

    it('by UTC days from and to, both included', async () => {
      const at = (iso: string) => new Date(iso);
      await t.database.db.insert(activityLogs).values([
        {
          createdAt: at('2020-03-01T00:00:00Z'),
          event: 'created',
          entityType: 'locale',
          entityId: '1',
          changes: { before: null, after: {} },
        },
        {
          createdAt: at('2020-03-01T23:59:59.999Z'),
          event: 'created',
          entityType: 'locale',
          entityId: '2',
          changes: { before: null, after: {} },
        },
        {
          createdAt: at('2020-03-02T12:00:00Z'),
          event: 'created',
          entityType: 'locale',
          entityId: '3',
          changes: { before: null, after: {} },
        },
        {
          createdAt: at('2020-03-03T00:00:00Z'),
          event: 'created',
          entityType: 'locale',
          entityId: '4',
          changes: { before: null, after: {} },
        },
        {
          createdAt: at('2020-02-29T23:59:59Z'),
          event: 'created',
          entityType: 'locale',
          entityId: '0',
          changes: { before: null, after: {} },
        },
      ]);
      const entityIds = (res: { body: { data: { activityLogs: { elements: { entityId: string }[] } } } }) =>
        res.body.data.activityLogs.elements.map((e) => e.entityId);
      expect(entityIds(await list('entityType=locale&from=2020-03-01&to=2020-03-02'))).toEqual([
        '3',
        '2',
        '1',
      ]);
      expect(entityIds(await list('entityType=locale&from=2020-03-02'))).toEqual(['4', '3']);
      expect(entityIds(await list('entityType=locale&to=2020-03-01'))).toEqual(['2', '1', '0']);
      expect(entityIds(await list('entityType=locale&from=2020-03-03&to=2020-03-03'))).toEqual(['4']);
      const first = (await list('entityType=locale&to=2020-02-29')).body.data.activityLogs.elements[0];
      expect(first.createdAt).toBe('2020-02-29 23:59:59');
    });
  });

  describe('keyset paging', () => {
    beforeAll(async () => {
      // Seven rows: three written in one transaction share their created_at, so only the id
      // orders them; the others come one by one.
      await t.database.db.transaction(async (tx) => {
        await recordActivity({ ...t.deps, db: tx }, actor(ids.admin), [
          { event: 'created', entityType: 'faq', entityId: 'a', after: { n: 1 } },
          { event: 'created', entityType: 'faq', entityId: 'b', after: { n: 2 } },
          { event: 'created', entityType: 'faq', entityId: 'c', after: { n: 3 } },
        ]);
      });
      for (const id of ['d', 'e', 'f', 'g'])
        await recordActivity(t.deps, actor(ids.admin), [
          { event: 'created', entityType: 'faq', entityId: id, after: { id } },
        ]);
    });

    it('walks three pages, every row exactly once, newest first', async () => {
      const expected = await expectedIds(eq(activityLogs.entityType, 'faq'));
      expect(expected).toHaveLength(7);
      const seen: number[] = [];
      const metas = [];
      let cursor: string | null = null;
      do {
        const res = await list(`entityType=faq&perPage=3${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        seen.push(...idsOf(res));
        metas.push(res.body.data.activityLogs.meta);
        cursor = res.body.data.activityLogs.meta.nextCursor;
      } while (cursor && metas.length < 10);
      expect(seen).toEqual(expected);
      expect(metas.map((m) => [m.page, m.total, m.lastPage, m.totalIsEstimate])).toEqual([
        [1, 7, 3, false],
        [2, 7, 3, false],
        [3, 7, 3, false],
      ]);
      expect(metas[0].nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(metas[2].nextCursor).toBeNull();
    });

    it('keeps microseconds in the cursor (rows within one millisecond are not skipped)', async () => {
      await t.database.db.execute(sql`
        insert into activity_logs (event, entity_type, entity_id, changes, created_at)
        values ('created', 'currency_rate', '1', '{}', '2019-05-05 10:00:00.123458+00'),
               ('created', 'currency_rate', '2', '{}', '2019-05-05 10:00:00.123456+00'),
               ('created', 'currency_rate', '3', '{}', '2019-05-05 10:00:00.123457+00')`);
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 5; i++) {
        const res = await list(`entityType=currency_rate&perPage=1${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...res.body.data.activityLogs.elements.map((e: { entityId: string }) => e.entityId));
        cursor = res.body.data.activityLogs.meta.nextCursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(['1', '3', '2']);
    });

    it('ends with nextCursor null when the last page is exactly full', async () => {
      const first = await list('entityType=faq&perPage=7');
      expect(idsOf(first)).toHaveLength(7);
      expect(first.body.data.activityLogs.meta).toMatchObject({ nextCursor: null, lastPage: 1 });
    });

    it('pages the whole unfiltered log too', async () => {
      const expected = (
        await t.database.db
          .select({ id: activityLogs.id })
          .from(activityLogs)
          .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      ).map((r) => r.id);
      const seen: number[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 20; i++) {
        const res = await list(`perPage=4${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...idsOf(res));
        cursor = res.body.data.activityLogs.meta.nextCursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(expected);
    });
  });

  it('counts at most 10,000 matching rows and says so', async () => {
    await t.database.db.execute(sql`
      insert into activity_logs (event, entity_type, entity_id, changes, created_at)
      select 'created', 'queued_email', g::text, '{"before": null, "after": {}}'::jsonb,
             '2021-01-01T00:00:00Z'::timestamptz + g * interval '1 second'
      from generate_series(1, ${ACTIVITY_LOG_COUNT_LIMIT + 50}) g`);
    const res = await list('entityType=queued_email&perPage=100');
    expect(res.status).toBe(200);
    const { elements, meta } = res.body.data.activityLogs;
    expect(elements).toHaveLength(100);
    expect(elements[0].entityId).toBe(String(ACTIVITY_LOG_COUNT_LIMIT + 50));
    expect(meta).toMatchObject({
      page: 1,
      perPage: 100,
      total: ACTIVITY_LOG_COUNT_LIMIT,
      lastPage: ACTIVITY_LOG_COUNT_LIMIT / 100,
      totalIsEstimate: true,
      nextCursor: expect.any(String),
    });
    const second = await list(`entityType=queued_email&perPage=100&cursor=${meta.nextCursor}`);
    expect(second.body.data.activityLogs.meta).toMatchObject({ page: 2, total: ACTIVITY_LOG_COUNT_LIMIT });
    expect(second.body.data.activityLogs.elements[0].entityId).toBe(String(ACTIVITY_LOG_COUNT_LIMIT - 50));
  });

  describe('bad queries', () => {
    it.each([
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${Buffer.from('2024-01-01T00:00:00.000000Z|0|2').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from('2024-13-01T00:00:00.000000Z|5|2').toString('base64url')}`, 'cursor'],
      ['cursor=a%2Bb', 'cursor'],
      ['from=2024-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['from=2024-03-02&to=2024-03-01', 'to'],
      ['event=archived', 'event'],
      ['perPage=101', 'perPage'],
      ['agencyId=abc', 'agencyId'],
      ['entityId=5', 'entityType'],
    ])('answers ?%s with 422 on %s', async (query, field) => {
      const res = await list(query);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(messages.validation);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    });

    it('refuses an entity type the log does not record, by its code', async () => {
      const res = await list('entityType=bulk');
      expect(res.status).toBe(422);
      expect(res.body.issues).toEqual({ entityType: [{ code: 'activity_logs.unknown_entity_type' }] });
      expect((await list('entityType=campaign')).status).toBe(200);
    });

    it('says what is wrong with a cursor', async () => {
      const res = await list('cursor=bm9wZQ');
      expect(res.body.errors).toEqual({ cursor: [INVALID_CURSOR_MESSAGE] });
    });
  });

  describe('permission', () => {
    it('is for admins: 401 without a token, 403 for agency and advertiser users', async () => {
      expect((await t.call({ method: 'GET', url: '/api/admin/activity-logs' })).status).toBe(401);
      const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
      const advertiser = await t.loginAs(
        'advertiser',
        demoAccounts.advertiser.login,
        demoAccounts.advertiser.password,
      );
      for (const token of [agency, advertiser]) {
        const res = await list('', token);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(messages.forbidden);
        const one = await t.call({ method: 'GET', url: '/api/admin/activity-logs/1', token });
        expect(one.status).toBe(403);
      }
    });
  });
});

describe('GET /api/admin/activity-logs/:id', () => {
  it('gives one entry with its full before and after', async () => {
    const [row] = await t.database.db
      .select({ id: activityLogs.id })
      .from(activityLogs)
      .where(and(eq(activityLogs.entityType, 'advertiser'), eq(activityLogs.event, 'updated')));
    const res = await t.call({
      method: 'GET',
      url: `/api/admin/activity-logs/${row?.id}`,
      token: adminToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.activityLog).toMatchObject({
      id: row?.id,
      changes: { before: { name: 'Demo Shop' }, after: { name: 'Demo Shop 2' } },
      actor: { login: demoAccounts.agency.login },
      impersonator: { login: demoAccounts.admin.login },
    });
  });

  it('answers 404 for an unknown id and 422 for a bad one', async () => {
    const missing = await t.call({
      method: 'GET',
      url: '/api/admin/activity-logs/99999999',
      token: adminToken,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.notFound);
    const bad = await t.call({ method: 'GET', url: '/api/admin/activity-logs/abc', token: adminToken });
    expect(bad.status).toBe(422);
  });
});

describe('GET /api/admin/activity-logs/users', () => {
  const users = (query: string, token = adminToken) =>
    t.call({ method: 'GET', url: `/api/admin/activity-logs/users?${query}`, token });

  it('finds accounts of every panel by login or name, with their organisation', async () => {
    const byName = await users('search=dorota');
    expect(byName.status).toBe(200);
    expect(byName.body.data.users.elements).toEqual([
      {
        id: await accountId(demoAccounts.advertiser.login),
        login: demoAccounts.advertiser.login,
        name: 'Dorota Sklepowa',
        organisation: { id: ids.advertiser, name: 'Demo Shop' },
      },
    ]);
    const byLogin = (await users('search=EXAMPLE.COM')).body.data.users.elements;
    // Admins first (they have no organisation), then by login.
    expect(byLogin[0]).toMatchObject({
      login: demoAccounts.admin.login,
      name: 'Ada Admin',
      organisation: null,
    });
    expect(byLogin.map((u: { login: string }) => u.login)).toEqual(
      expect.arrayContaining([demoAccounts.agency.login, demoAccounts.solo.login]),
    );
  });

  it('gives the chosen account by id, nothing without a search, and refuses other panels', async () => {
    const chosen = await users(`accountId=${ids.agencyUser}`);
    expect(chosen.body.data.users.elements).toEqual([
      expect.objectContaining({ id: ids.agencyUser, organisation: { id: ids.agency, name: 'Demo Agency' } }),
    ]);
    expect((await users('search=')).body.data.users.elements).toEqual([]);
    expect((await users('search=%25')).body.data.users.elements).toEqual([]);
    expect((await users('accountId=abc')).status).toBe(422);
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    expect((await users('search=ada', agency)).status).toBe(403);
  });
});

describe('activity_logs is append-only', () => {
  it('refuses UPDATE and DELETE through the database', async () => {
    const [row] = await t.database.db.select({ id: activityLogs.id }).from(activityLogs).limit(1);
    if (!row) throw new Error('no rows');
    await expect(
      t.database.db.update(activityLogs).set({ ip: '1.1.1.1' }).where(eq(activityLogs.id, row.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(activityLogs).where(eq(activityLogs.id, row.id))).rejects.toThrow();
    const [still] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.id, row.id));
    expect(still?.ip).not.toBe('1.1.1.1');
  });
});
