import { randomUUID } from 'node:crypto';
import { campaigns, demoAccounts } from '@rtb/db';
import { DELIVERY_CHANNEL } from '@rtb/delivery';
import {
  CAMPAIGN_BULK_EDIT_MAX,
  type CampaignBulkEditBodyInput,
  campaignMessages,
  changedByPercent,
  messages,
} from '@rtb/shared';
import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activityOf } from '../../organisations/organisations/test-helpers';
import { organisationId, organisationUser } from '../../organisations/organisations/test-users';
import {
  addDays,
  createCampaign,
  insertBanner,
  insertStats,
  setCampaignStatus,
  todayOf,
  validCampaign,
} from './test-helpers';

const base = '/api/advertiser/campaigns';

let t: TestApp;
let shop: string;
let solo: string;
let ids: { shop: number; solo: number };
let today: string;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  ids = {
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
  };
  today = await todayOf(t, ids.shop);
});
afterAll(() => t.close());

const preview = (payload: CampaignBulkEditBodyInput, token = shop) =>
  t.call({ method: 'POST', url: `${base}/bulk-edit/preview`, token, payload });

const apply = (payload: CampaignBulkEditBodyInput, token = shop, key: string = randomUUID()) =>
  t.call({ method: 'POST', url: `${base}/bulk-edit`, token, payload, headers: { 'idempotency-key': key } });

/** The campaigns' rows as the database has them. */
const rowsOf = (campaignIds: number[]) =>
  t.database.db.select().from(campaigns).where(inArray(campaigns.id, campaignIds)).orderBy(asc(campaigns.id));

/** Campaigns of Demo Shop through the API, with these settings each. */
async function shopCampaigns(...changes: Parameters<typeof validCampaign>[1][]): Promise<number[]> {
  const created: number[] = [];
  for (const [index, change] of changes.entries())
    created.push(
      (await createCampaign(t, shop, validCampaign(today, { name: `Bulk ${index}`, ...change }))).id,
    );
  return created;
}

const raiseBid = (percent: number) => ({ field: 'maxCpm', change: { how: 'percent', percent } }) as const;

describe('the preview', () => {
  it('shows each campaign’s before and after, and changes nothing', async () => {
    const [a, b] = await shopCampaigns({ maxCpm: 250 }, { maxCpm: 1_000 });
    const rowsBefore = await rowsOf([a as number, b as number]);
    const logsBefore = await activityOf(t, 'campaign', a as number);

    const res = await preview({ ids: [a as number, b as number], change: raiseBid(10) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.campaignBulkEdit).toEqual({
      currency: 'PLN',
      changed: [a, b],
      campaigns: [
        {
          id: a,
          name: 'Bulk 0',
          changes: [{ field: 'maxCpm', before: 250, after: 275 }],
          errors: {},
          issues: {},
        },
        {
          id: b,
          name: 'Bulk 1',
          changes: [{ field: 'maxCpm', before: 1_000, after: 1_100 }],
          errors: {},
          issues: {},
        },
      ],
    });
    expect(await rowsOf([a as number, b as number])).toEqual(rowsBefore);
    expect(await activityOf(t, 'campaign', a as number)).toEqual(logsBefore);
  });

  it('names each campaign that cannot take the change and why, by the form’s own rules', async () => {
    const [low, archived, noDaily, fine] = await shopCampaigns(
      { maxCpm: 150 },
      {},
      { dailyBudget: null, totalBudget: 100_000 },
      { maxCpm: 400 },
    );
    await setCampaignStatus(t, shop, archived as number, 'archived');
    const foreign = (
      await createCampaign(t, solo, validCampaign(await todayOf(t, ids.solo), { maxCpm: 500 }))
    ).id;

    const bid = await preview({
      ids: [low as number, archived as number, foreign, 999_999, fine as number],
      change: { field: 'maxCpm', change: { how: 'by', amount: -100 } },
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(200);
    const rows = bid.body.data.campaignBulkEdit.campaigns;
    expect(rows.map((row: { id: number }) => row.id)).toEqual([low, archived, foreign, 999_999, fine]);
    expect(rows[0]).toMatchObject({
      name: 'Bulk 0',
      // What it would be shows with why it cannot be.
      changes: [{ field: 'maxCpm', before: 150, after: 50 }],
      errors: { maxCpm: ['The maximum CPM must be at least 1.00.'] },
      issues: { maxCpm: [{ code: 'campaigns.bid_below_minimum', params: { min: 1 } }] },
    });
    expect(rows[1]).toMatchObject({
      errors: { status: [campaignMessages.archivedNotEditable] },
      issues: { status: [{ code: 'campaigns.archived_not_editable' }] },
    });
    // Another advertiser's campaign is unknown, as a missing one is: not even its name shows.
    for (const row of [rows[2], rows[3]])
      expect(row).toEqual({
        id: row.id,
        name: null,
        changes: [],
        errors: { id: [campaignMessages.unknownCampaign] },
        issues: { id: [{ code: 'campaigns.unknown_campaign' }] },
      });
    expect(rows[4]).toMatchObject({ changes: [{ field: 'maxCpm', before: 400, after: 300 }], errors: {} });
    expect(bid.body.data.campaignBulkEdit.changed).toEqual([fine]);

    const daily = await preview({
      ids: [noDaily as number],
      change: { field: 'dailyBudget', change: { how: 'percent', percent: 5 } },
    });
    expect(daily.body.data.campaignBulkEdit.campaigns[0].errors).toEqual({
      dailyBudget: [campaignMessages.noDailyBudget],
    });
    // Setting one is a change like any other, checked against the total.
    const setDaily = await preview({
      ids: [noDaily as number],
      change: { field: 'dailyBudget', change: { how: 'set', amount: 200_000 } },
    });
    expect(setDaily.body.data.campaignBulkEdit.campaigns[0].errors).toEqual({
      dailyBudget: [campaignMessages.dailyAboveTotal],
    });
  });

  it('checks dates, the total against the spend so far, and the hours as the form does', async () => {
    const [started, spent] = await shopCampaigns(
      { startDate: addDays(today, 3), endDate: addDays(today, 30) },
      { startDate: addDays(today, -5), totalBudget: 100_000 },
    );
    await insertStats(t, spent as number, today, { spendMicros: 123_456_789 });
    const both = [started as number, spent as number];

    const endBefore = await preview({ ids: both, change: { field: 'endDate', endDate: addDays(today, 1) } });
    expect(
      endBefore.body.data.campaignBulkEdit.campaigns.map((row: { errors: object }) => row.errors),
    ).toEqual([{ endDate: [campaignMessages.endBeforeStart] }, {}]);
    const past = await preview({ ids: both, change: { field: 'endDate', endDate: addDays(today, -1) } });
    expect(past.body.data.campaignBulkEdit.campaigns[1].errors).toEqual({
      endDate: [campaignMessages.endInPast],
    });
    const cleared = await preview({ ids: both, change: { field: 'endDate', endDate: null } });
    expect(cleared.body.data.campaignBulkEdit.campaigns[0].changes).toEqual([
      { field: 'endDate', before: addDays(today, 30), after: null },
    ]);
    // 123.456789 spent: the total may go down to 123.46, not below.
    const total = (amount: number) =>
      preview({ ids: [spent as number], change: { field: 'totalBudget', change: { how: 'set', amount } } });
    const below = await total(12_345);
    expect(below.body.data.campaignBulkEdit.campaigns[0]).toMatchObject({
      errors: { totalBudget: ['The total budget cannot be less than the 123.46 already spent.'] },
      issues: { totalBudget: [{ code: 'campaigns.total_below_spent', params: { spent: 123.46 } }] },
    });
    expect((await total(12_346)).body.data.campaignBulkEdit.campaigns[0]).toMatchObject({
      changes: [{ field: 'totalBudget', before: 100_000, after: 12_346 }],
      errors: {},
    });
    const hours = await preview({ ids: both, change: { field: 'hoursOfWeek', hoursOfWeek: [9, 8, 8, 10] } });
    expect(hours.body.data.campaignBulkEdit.campaigns[0].changes).toEqual([
      { field: 'hoursOfWeek', before: null, after: [8, 9, 10] },
    ]);
    const none = await preview({ ids: both, change: { field: 'hoursOfWeek', hoursOfWeek: [] } });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ 'change.hoursOfWeek': [campaignMessages.hoursEmpty] });
  });

  it('refuses a change the schema does not take, and more than 500 campaigns (after repeats are removed)', async () => {
    const [one] = await shopCampaigns({});
    for (const percent of [0, -100, 1000.01, 1.234]) {
      const res = await preview({ ids: [one as number], change: raiseBid(percent) });
      expect(res.status, String(percent)).toBe(422);
      expect(res.body.issues['change.change.percent']).toEqual([{ code: 'campaigns.percent_change' }]);
    }
    const zero = await preview({
      ids: [one as number],
      change: { field: 'dailyBudget', change: { how: 'by', amount: 0 } },
    });
    expect(zero.body.errors).toEqual({ 'change.change.amount': [campaignMessages.amountChangeNotZero] });
    const tooMany = Array.from({ length: CAMPAIGN_BULK_EDIT_MAX + 1 }, (_, i) => i + 1);
    expect((await preview({ ids: tooMany, change: raiseBid(5) })).status).toBe(422);
    const repeated = await preview({
      ids: [...Array.from({ length: CAMPAIGN_BULK_EDIT_MAX }, () => one as number), one as number],
      change: raiseBid(5),
    });
    expect(repeated.status, JSON.stringify(repeated.body)).toBe(200);
    expect(repeated.body.data.campaignBulkEdit.campaigns).toHaveLength(1);
    expect((await preview({ ids: [], change: raiseBid(5) })).status).toBe(422);
  });
});

describe('applying', () => {
  it('changes every campaign in one go, logs each as a single update does, and tells the bidders once', async () => {
    const changed = await shopCampaigns({ maxCpm: 255 }, { maxCpm: 1_000 }, { maxCpm: 333 });
    const [unchanged] = await shopCampaigns({ hoursOfWeek: [1, 2] });
    const heard: string[] = [];
    const stop = await t.database.listen(DELIVERY_CHANNEL, (payload) => heard.push(payload));

    const res = await apply({ ids: changed, change: raiseBid(10) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.campaignBulkEdit.changed).toEqual(changed);
    // 280.5 -> 281 (half away from zero), 1,100, 366.3 -> 366.
    expect((await rowsOf(changed)).map((row) => row.maxCpm)).toEqual([281, 1_100, 366]);
    for (const row of await rowsOf(changed)) expect(row.updatedByAccountId).not.toBeNull();

    const [first] = changed;
    const log = (await activityOf(t, 'campaign', first as number)).at(-1);
    expect(log).toMatchObject({
      event: 'updated',
      entityName: 'Bulk 0',
      advertiserId: ids.shop,
      changes: { before: { maxCpm: 255 }, after: { maxCpm: 281 } },
    });
    for (const id of changed) expect(await activityOf(t, 'campaign', id)).toHaveLength(2);

    // Setting what a campaign already has writes and logs nothing.
    const same = await apply({
      ids: [unchanged as number],
      change: { field: 'hoursOfWeek', hoursOfWeek: [2, 1] },
    });
    expect(same.body.data.campaignBulkEdit).toMatchObject({ changed: [], campaigns: [{ changes: [] }] });
    expect(await activityOf(t, 'campaign', unchanged as number)).toHaveLength(1);

    // One notification for the whole batch (the same payload folds into one at commit).
    // The marker's LISTEN is in place before it is sent: on PostgreSQL `listen` resolves once the
    // server has it (not awaiting it once lost the marker and hung the test).
    const marker = `done-${randomUUID()}`;
    let markerHeard = () => {};
    const done = new Promise<void>((resolve) => {
      markerHeard = resolve;
    });
    const stopMarker = await t.database.listen('bulk_edit_test', (payload) => {
      if (payload === marker) markerHeard();
    });
    await t.database.db.execute(sql`select pg_notify('bulk_edit_test', ${marker})`);
    await done;
    await Promise.all([stop(), stopMarker()]);
    expect(heard.filter((payload) => payload === `campaigns:${ids.shop}`)).toHaveLength(1);
  });

  it('rounds percentages exactly to the minor unit, half away from zero', async () => {
    expect(changedByPercent(255, 10)).toBe(281);
    expect(changedByPercent(1_000, -33.33)).toBe(667);
    expect(changedByPercent(5_000, -12.5)).toBe(4_375);
    expect(changedByPercent(3, 50)).toBe(5);
    expect(changedByPercent(999_999_999_999, 1000)).toBe(10_999_999_999_989);
    expect(changedByPercent(1, -99.99)).toBe(0);

    const [daily] = await shopCampaigns({ dailyBudget: 4_999 });
    const res = await apply({
      ids: [daily as number],
      change: { field: 'dailyBudget', change: { how: 'percent', percent: -12.5 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 4,374.125 -> 4,374
    expect((await rowsOf([daily as number]))[0]?.dailyBudget).toBe(4_374);
  });

  it('changes none when any campaign cannot take it: 422 naming each, and the preview’s rows', async () => {
    const [ok, low] = await shopCampaigns({ maxCpm: 500 }, { maxCpm: 150 });
    const foreign = (
      await createCampaign(t, solo, validCampaign(await todayOf(t, ids.solo), { maxCpm: 500 }))
    ).id;
    const rowsBefore = await rowsOf([ok as number, low as number, foreign]);
    const res = await apply({
      ids: [ok as number, low as number, foreign],
      change: { field: 'maxCpm', change: { how: 'by', amount: -100 } },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'campaigns.bulk_edit_refused',
      message: 'Nothing was changed: 2 of the campaigns cannot take this change.',
      params: { count: 2 },
      errors: {
        [`campaigns.${low}.maxCpm`]: ['The maximum CPM must be at least 1.00.'],
        [`campaigns.${foreign}.id`]: [campaignMessages.unknownCampaign],
      },
    });
    expect(Object.keys(res.body.errors)).toHaveLength(2);
    expect(res.body.campaignBulkEdit.changed).toEqual([ok]);
    expect(await rowsOf([ok as number, low as number, foreign])).toEqual(rowsBefore);
    expect(await activityOf(t, 'campaign', ok as number)).toHaveLength(1);
    expect(await activityOf(t, 'campaign', foreign)).toHaveLength(1);
    // The other advertiser still sees its own as it was.
    const read = await t.call({ method: 'GET', url: `${base}/${foreign}`, token: solo });
    expect(read.body.data.campaign.maxCpm).toBe(500);
  });

  it('is done once per Idempotency-Key: a retry answers the same and does not raise again', async () => {
    const [one] = await shopCampaigns({ maxCpm: 200 });
    const key = randomUUID();
    const body = { ids: [one as number], change: raiseBid(50) };
    const first = await apply(body, shop, key);
    const again = await apply(body, shop, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await rowsOf([one as number]))[0]?.maxCpm).toBe(300);
    const missing = await t.call({ method: 'POST', url: `${base}/bulk-edit`, token: shop, payload: body });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['idempotencyKey']);
  });

  it('sets an end date and clears it, budgets and hours', async () => {
    const [a, b] = await shopCampaigns({}, { endDate: addDays(today, 10) });
    const both = [a as number, b as number];
    expect(
      (await apply({ ids: both, change: { field: 'endDate', endDate: addDays(today, 20) } })).status,
    ).toBe(200);
    expect((await rowsOf(both)).map((row) => row.endDate)).toEqual([addDays(today, 20), addDays(today, 20)]);
    await apply({ ids: both, change: { field: 'endDate', endDate: null } });
    await apply({ ids: both, change: { field: 'totalBudget', change: { how: 'set', amount: 70_000 } } });
    await apply({ ids: both, change: { field: 'dailyBudget', change: { how: 'set', amount: 2_500 } } });
    await apply({ ids: both, change: { field: 'hoursOfWeek', hoursOfWeek: [0, 167] } });
    expect(
      (await rowsOf(both)).map(({ endDate, totalBudget, dailyBudget, hoursOfWeek }) => ({
        endDate,
        totalBudget,
        dailyBudget,
        hoursOfWeek,
      })),
    ).toEqual([
      { endDate: null, totalBudget: 70_000, dailyBudget: 2_500, hoursOfWeek: [0, 167] },
      { endDate: null, totalBudget: 70_000, dailyBudget: 2_500, hoursOfWeek: [0, 167] },
    ]);
    expect((await activityOf(t, 'campaign', b as number)).at(-5)?.changes).toEqual({
      before: { endDate: addDays(today, 10) },
      after: { endDate: addDays(today, 20) },
    });
  });
});

describe('the single campaign’s form', () => {
  it('refuses a new total budget below the spend so far too (the same rule)', async () => {
    const created = await createCampaign(t, shop, validCampaign(today, { totalBudget: 100_000 }));
    await insertStats(t, created.id, today, { spendMicros: 500_000_000 });
    const put = (totalBudget: number, name = 'Spent') =>
      t.call({
        method: 'PUT',
        url: `${base}/${created.id}`,
        token: shop,
        payload: validCampaign(today, { totalBudget, name }),
      });
    const refused = await put(49_999);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      totalBudget: ['The total budget cannot be less than the 500.00 already spent.'],
    });
    expect((await put(50_000)).status).toBe(200);
    // A total the campaign already had is not a change (other settings can still be saved).
    await insertStats(t, created.id, addDays(today, -1), { spendMicros: 1_000_000_000 });
    expect((await put(50_000, 'Renamed')).status).toBe(200);
  });
});

describe('who may edit in bulk', () => {
  const routes = [`${base}/bulk-edit/preview`, `${base}/bulk-edit`];
  const body = () => ({ ids: [1], change: raiseBid(5) });

  it('needs a token (401) and the campaigns write permission (403)', async () => {
    const viewer = await organisationUser(t, 'advertiser', ids.shop, {
      login: 'bulk-viewer@demo-shop.example.com',
      role: 'viewer',
    });
    const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    for (const url of routes) {
      const headers = { 'idempotency-key': randomUUID() };
      expect((await t.call({ method: 'POST', url, payload: body(), headers })).status, url).toBe(401);
      const refused = await t.call({ method: 'POST', url, token: viewer.token, payload: body(), headers });
      expect(refused.status, url).toBe(403);
      expect(refused.body.message).toBe(messages.forbidden);
      for (const token of [admin, agency])
        expect(
          (
            await t.call({
              method: 'POST',
              url,
              token,
              payload: body(),
              headers: { ...headers, 'advertiser-id': String(ids.shop) },
            })
          ).status,
          url,
        ).toBe(403);
      const forged = await t.call({
        method: 'POST',
        url,
        token: shop,
        payload: body(),
        headers: { ...headers, 'advertiser-id': String(ids.solo) },
      });
      expect(forged.status, url).toBe(403);
    }
  });

  it('lets an agency edit its advertiser’s campaigns through "log in as", logged with who did it', async () => {
    const [own] = await shopCampaigns({ maxCpm: 400 });
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    const login = await t.call({
      method: 'POST',
      url: `/api/agency/advertisers/${ids.shop}/auth`,
      token: agency,
    });
    const asShop = login.body.data.authToken as string;
    const res = await apply({ ids: [own as number], change: raiseBid(25) }, asShop);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await rowsOf([own as number]))[0]?.maxCpm).toBe(500);
    const log = (await activityOf(t, 'campaign', own as number)).at(-1);
    expect(log?.impersonatorAccountId).not.toBeNull();
  });
});

// A banner archived after it was attached blocks a save of the form, and so a bulk change.
describe('a campaign the form could not save either', () => {
  it('is named with the form’s reason', async () => {
    const banner = await insertBanner(t, ids.shop, 'approved', 'Later archived');
    const [withBanner] = await shopCampaigns({ bannerIds: [banner] });
    await t.database.db.execute(sql`update banners set status = 'archived' where id = ${banner}`);
    const res = await preview({ ids: [withBanner as number], change: raiseBid(5) });
    expect(res.body.data.campaignBulkEdit.campaigns[0].errors).toEqual({
      bannerIds: [campaignMessages.archivedBanner],
    });
  });
});
