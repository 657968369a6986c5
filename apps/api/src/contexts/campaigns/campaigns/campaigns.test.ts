import { demoAccounts } from '@rtb/db';
import {
  campaignMessages,
  campaignResponse,
  campaignSettingsResponse,
  campaignsResponse,
  DOMAIN_LIST_MAX,
  domainMessages,
  messages,
  paymentMessages,
} from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activityOf } from '../../organisations/organisations/test-helpers';
import { organisationId } from '../../organisations/organisations/test-users';
import { addDays, createCampaign, insertBanner, insertStats, todayOf, validCampaign } from './test-helpers';

const base = '/api/advertiser/campaigns';

let t: TestApp;
let shop: string;
let ids: { shop: number; solo: number };
let today: string;
let banners: { approved: number; pending: number; archived: number; solo: number };

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  ids = {
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
  };
  today = await todayOf(t, ids.shop);
  banners = {
    approved: await insertBanner(t, ids.shop, 'approved', 'Approved one'),
    pending: await insertBanner(t, ids.shop, 'pending', 'Pending one'),
    archived: await insertBanner(t, ids.shop, 'archived', 'Archived one'),
    solo: await insertBanner(t, ids.solo, 'approved', 'Solo banner'),
  };
});
afterAll(() => t.close());

const post = (payload: object) => t.call({ method: 'POST', url: base, token: shop, payload });

/** The field errors of a refused campaign form. */
async function errorsOf(change: Record<string, unknown>): Promise<Record<string, string[]>> {
  const res = await post({ ...validCampaign(today), ...change });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.message).toBe(messages.validation);
  return res.body.errors;
}

describe('campaign form rules', () => {
  it('needs a name of at most 200 characters', async () => {
    expect(Object.keys(await errorsOf({ name: '   ' }))).toEqual(['name']);
    expect(Object.keys(await errorsOf({ name: 'x'.repeat(201) }))).toEqual(['name']);
  });

  it('needs real days, an end not before the start, and a new campaign’s end not in the past', async () => {
    expect(Object.keys(await errorsOf({ startDate: '2026-02-30' }))).toEqual(['startDate']);
    expect(Object.keys(await errorsOf({ startDate: '1.05.2026' }))).toEqual(['startDate']);
    expect(await errorsOf({ startDate: addDays(today, 3), endDate: addDays(today, 2) })).toEqual({
      endDate: [campaignMessages.endBeforeStart],
    });
    expect(await errorsOf({ startDate: addDays(today, -10), endDate: addDays(today, -1) })).toEqual({
      endDate: [campaignMessages.endInPast],
    });
    // Ending today, in the advertiser's time zone, is not past.
    await createCampaign(t, shop, validCampaign(today, { startDate: addDays(today, -10), endDate: today }));
  });

  it('takes hours of the week 0-167, at least one, kept once and in order', async () => {
    expect(await errorsOf({ hoursOfWeek: [] })).toEqual({ hoursOfWeek: [campaignMessages.hoursEmpty] });
    expect(Object.keys(await errorsOf({ hoursOfWeek: [168] }))).toEqual(['hoursOfWeek.0']);
    expect(Object.keys(await errorsOf({ hoursOfWeek: [-1] }))).toEqual(['hoursOfWeek.0']);
    const created = await createCampaign(t, shop, validCampaign(today, { hoursOfWeek: [9, 8, 9, 167] }));
    expect(created.hoursOfWeek).toEqual([8, 9, 167]);
  });

  it('needs a budget, a daily one not above the total and not below the minimum', async () => {
    expect(await errorsOf({ totalBudget: null, dailyBudget: null })).toEqual({
      totalBudget: [campaignMessages.budgetRequired],
    });
    expect(await errorsOf({ totalBudget: 2_000, dailyBudget: 3_000 })).toEqual({
      dailyBudget: [campaignMessages.dailyAboveTotal],
    });
    // The minimum daily budget is 10.00 (config value), written in like the payments amounts.
    expect(await errorsOf({ dailyBudget: 999 })).toEqual({
      dailyBudget: ['The daily budget must be at least 10.00.'],
    });
    expect(await errorsOf({ totalBudget: 0, dailyBudget: null })).toEqual({
      totalBudget: [campaignMessages.amountPositive],
    });
    expect(await errorsOf({ dailyBudget: 1.5 })).toHaveProperty('dailyBudget');
    expect(await errorsOf({ totalBudget: 1e13, dailyBudget: null })).toEqual({
      totalBudget: [campaignMessages.amountTooLarge],
    });
    // A total alone is enough; a daily budget alone too.
    await createCampaign(t, shop, validCampaign(today, { dailyBudget: null }));
    await createCampaign(t, shop, validCampaign(today, { totalBudget: null, dailyBudget: 1_000 }));
  });

  it('needs a maximum CPM of at least the configured minimum', async () => {
    expect(await errorsOf({ maxCpm: 99 })).toEqual({ maxCpm: ['The maximum CPM must be at least 1.00.'] });
    expect(await errorsOf({ maxCpm: undefined })).toHaveProperty('maxCpm');
    await createCampaign(t, shop, validCampaign(today, { maxCpm: 100 }));
  });

  it('caps the frequency at 1-1000 impressions per hour, day, week or lifetime', async () => {
    expect(Object.keys(await errorsOf({ frequencyCap: { count: 0, period: 'day' } }))).toEqual([
      'frequencyCap.count',
    ]);
    expect(Object.keys(await errorsOf({ frequencyCap: { count: 1001, period: 'day' } }))).toEqual([
      'frequencyCap.count',
    ]);
    expect(Object.keys(await errorsOf({ frequencyCap: { count: 3, period: 'month' } }))).toEqual([
      'frequencyCap.period',
    ]);
    const created = await createCampaign(
      t,
      shop,
      validCampaign(today, { frequencyCap: { count: 3, period: 'lifetime' } }),
    );
    expect(created.frequencyCap).toEqual({ count: 3, period: 'lifetime' });
  });

  it('credits conversions within 1-90 days of a click and 0-30 days of an impression, 7 and 1 unless set', async () => {
    expect(await errorsOf({ clickWindowDays: 0 })).toEqual({
      clickWindowDays: [campaignMessages.clickWindowRange],
    });
    expect(await errorsOf({ clickWindowDays: 91, viewWindowDays: 31 })).toEqual({
      clickWindowDays: [campaignMessages.clickWindowRange],
      viewWindowDays: [campaignMessages.viewWindowRange],
    });
    expect(await errorsOf({ viewWindowDays: -1 })).toEqual({
      viewWindowDays: [campaignMessages.viewWindowRange],
    });
    expect(await errorsOf({ clickWindowDays: 2.5 })).toEqual({
      clickWindowDays: [campaignMessages.clickWindowRange],
    });
    const unset = await createCampaign(t, shop, validCampaign(today));
    expect(unset).toMatchObject({ clickWindowDays: 7, viewWindowDays: 1 });
    const set = await createCampaign(
      t,
      shop,
      validCampaign(today, { clickWindowDays: 90, viewWindowDays: 0 }),
    );
    expect(set).toMatchObject({ clickWindowDays: 90, viewWindowDays: 0 });
    const put = (payload: object) =>
      t.call({ method: 'PUT', url: `${base}/${set.id}`, token: shop, payload });
    const updated = await put(validCampaign(today, { clickWindowDays: 14, viewWindowDays: 30 }));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.campaign).toMatchObject({ clickWindowDays: 14, viewWindowDays: 30 });
    const refused = await put(validCampaign(today, { clickWindowDays: 91 }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ clickWindowDays: [campaignMessages.clickWindowRange] });
    const read = await t.call({ method: 'GET', url: `${base}/${set.id}`, token: shop });
    expect(read.body.data.campaign).toMatchObject({ clickWindowDays: 14, viewWindowDays: 30 });
  });

  it('holds out 0-50% of the users for a lift test, whole basis points, none unless set', async () => {
    for (const holdoutBps of [-1, 5_001, 12.5, '1000'])
      expect(await errorsOf({ holdoutBps }), String(holdoutBps)).toEqual({
        holdoutBps: [campaignMessages.holdoutRange],
      });
    const unset = await createCampaign(t, shop, validCampaign(today));
    expect(unset.holdoutBps).toBe(0);
    const set = await createCampaign(t, shop, validCampaign(today, { holdoutBps: 5_000 }));
    expect(set.holdoutBps).toBe(5_000);
    const put = (payload: object) =>
      t.call({ method: 'PUT', url: `${base}/${set.id}`, token: shop, payload });
    const changed = await put(validCampaign(today, { holdoutBps: 1_000 }));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const read = await t.call({ method: 'GET', url: `${base}/${set.id}`, token: shop });
    expect(read.body.data.campaign.holdoutBps).toBe(1_000);
    expect((await activityOf(t, 'campaign', set.id)).at(-1)?.changes).toMatchObject({
      before: { holdoutBps: 5_000 },
      after: { holdoutBps: 1_000 },
    });
    const refused = await put(validCampaign(today, { holdoutBps: 6_000 }));
    expect([refused.status, refused.body.issues]).toEqual([
      422,
      { holdoutBps: [{ code: 'campaigns.holdout_range' }] },
    ]);
  });

  it('targets enabled platform countries only', async () => {
    expect(await errorsOf({ countries: ['PL', 'XX'] })).toEqual({ countries: [messages.unknownCountry] });
    expect(Object.keys(await errorsOf({ countries: ['POL'] }))).toEqual(['countries.0']);
    await t.database.db.execute(`update countries set enabled = false where code = 'FR'`);
    expect(await errorsOf({ countries: ['FR'] })).toEqual({ countries: [messages.unknownCountry] });
    const created = await createCampaign(t, shop, validCampaign(today, { countries: ['pl', 'DE', 'PL'] }));
    expect(created.countries).toEqual(['PL', 'DE']);
  });

  it('takes the listed device types, operating systems and IAB categories', async () => {
    expect(Object.keys(await errorsOf({ deviceTypes: ['desktop', 'fridge'] }))).toEqual(['deviceTypes.1']);
    expect(Object.keys(await errorsOf({ operatingSystems: ['symbian'] }))).toEqual(['operatingSystems.0']);
    expect(Object.keys(await errorsOf({ excludedCategories: ['IAB27'] }))).toEqual(['excludedCategories.0']);
    const created = await createCampaign(
      t,
      shop,
      validCampaign(today, {
        deviceTypes: ['mobile', 'ctv', 'mobile'],
        operatingSystems: ['ios', 'android'],
        excludedCategories: ['IAB7', 'IAB25'],
      }),
    );
    expect(created).toMatchObject({
      deviceTypes: ['mobile', 'ctv'],
      operatingSystems: ['ios', 'android'],
      excludedCategories: ['IAB7', 'IAB25'],
    });
  });

  it('normalises and deduplicates pasted domains and names each invalid line', async () => {
    expect(await errorsOf({ includeDomains: ['example.com', 'not a domain', '', '10.0.0.1'] })).toEqual({
      includeDomains: [
        domainMessages.invalidDomain.replace('{line}', '2').replace('{value}', 'not a domain'),
        domainMessages.invalidDomain.replace('{line}', '4').replace('{value}', '10.0.0.1'),
      ],
    });
    const many = await errorsOf({ excludeDomains: Array.from({ length: 25 }, (_, i) => `bad line ${i}`) });
    expect(many.excludeDomains).toHaveLength(21);
    expect(many.excludeDomains?.at(-1)).toBe(domainMessages.moreInvalidDomains.replace('{count}', '5'));
    const tooMany = await errorsOf({
      includeDomains: Array.from({ length: DOMAIN_LIST_MAX + 1 }, (_, i) => `site${i}.example.com`),
    });
    expect(tooMany.includeDomains).toEqual([
      domainMessages.tooManyDomains.replace('{max}', String(DOMAIN_LIST_MAX)),
    ]);
    const created = await createCampaign(
      t,
      shop,
      validCampaign(today, {
        includeDomains: ['https://www.News.example.com/path?q=1', 'news.example.com', '*.blog.example.org'],
        excludeDomains: ['com.example.app', 'id1234567'],
      }),
    );
    expect(created).toMatchObject({
      includeDomains: ['news.example.com', 'blog.example.org'],
      excludeDomains: ['com.example.app', 'id1234567'],
    });
  });

  it('shows only the advertiser’s own banners that are not archived', async () => {
    expect(await errorsOf({ bannerIds: [banners.approved, banners.solo] })).toEqual({
      bannerIds: [campaignMessages.unknownBanner],
    });
    expect(await errorsOf({ bannerIds: [999_999] })).toEqual({ bannerIds: [campaignMessages.unknownBanner] });
    expect(await errorsOf({ bannerIds: [banners.archived] })).toEqual({
      bannerIds: [campaignMessages.archivedBanner],
    });
    const created = await createCampaign(
      t,
      shop,
      validCampaign(today, { bannerIds: [banners.pending, banners.approved, banners.pending] }),
    );
    expect((created.banners as { id: number }[]).map((banner) => banner.id)).toEqual([
      banners.approved,
      banners.pending,
    ]);
  });

  it('reports every broken rule at once, each on its field', async () => {
    expect(
      await errorsOf({ maxCpm: 50, dailyBudget: 500, countries: ['XX'], bannerIds: [banners.solo] }),
    ).toEqual({
      maxCpm: ['The maximum CPM must be at least 1.00.'],
      dailyBudget: ['The daily budget must be at least 10.00.'],
      countries: [messages.unknownCountry],
      bannerIds: [campaignMessages.unknownBanner],
    });
  });
});

describe('creating, reading and changing a campaign', () => {
  it('creates a draft with everything the form sent, logged with its values', async () => {
    const res = await post(
      validCampaign(today, {
        name: '  Autumn  ',
        endDate: addDays(today, 30),
        pacing: 'asap',
        bannerIds: [banners.approved],
        countries: ['PL'],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(campaignResponse.safeParse(res.body).success).toBe(true);
    const campaign = res.body.data.campaign;
    expect(campaign).toMatchObject({
      advertiserId: ids.shop,
      name: 'Autumn',
      status: 'draft',
      startDate: today,
      endDate: addDays(today, 30),
      totalBudget: 100_000,
      dailyBudget: 5_000,
      derivedDailyBudget: null,
      maxCpm: 250,
      pacing: 'asap',
      currency: 'PLN',
      timeZone: 'Europe/Warsaw',
      updatedBy: { name: 'Dorota Sklepowa' },
      stats: { spendTodayMicros: 0, spendTotalMicros: 0, impressions: 0, clicks: 0, ctr: null },
      banners: [
        {
          id: banners.approved,
          name: 'Approved one',
          type: 'image',
          status: 'approved',
          width: 300,
          height: 250,
          previewUrl: expect.stringMatching(/^\/creatives\/[\w-]+\/banner\.png$/),
        },
      ],
    });
    expect(campaign.servingStatus.serving).toBe(false);
    expect(campaign.servingStatus.reasons[0]).toEqual({ code: 'draft' });

    const read = await t.call({ method: 'GET', url: `${base}/${campaign.id}`, token: shop });
    expect(read.status).toBe(200);
    expect(read.body.data.campaign).toEqual(campaign);

    const [log] = await activityOf(t, 'campaign', campaign.id);
    expect(log).toMatchObject({
      event: 'created',
      advertiserId: ids.shop,
      changes: {
        before: null,
        after: {
          name: 'Autumn',
          status: 'draft',
          maxCpm: 250,
          countries: ['PL'],
          bannerIds: [banners.approved],
        },
      },
    });
    expect(log?.agencyId).not.toBeNull();
  });

  it('derives the even daily amount of a total budget with an end and no daily budget', async () => {
    const created = await createCampaign(
      t,
      shop,
      validCampaign(today, { totalBudget: 10_000, dailyBudget: null, endDate: addDays(today, 3) }),
    );
    expect(created.derivedDailyBudget).toBe(2_500);
  });

  it('replaces the whole form on PUT, logging only what changed', async () => {
    const created = await createCampaign(t, shop, validCampaign(today, { bannerIds: [banners.approved] }));
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${created.id}`,
      token: shop,
      payload: validCampaign(today, { name: 'Renamed', maxCpm: 300, bannerIds: [banners.pending] }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.campaign).toMatchObject({
      id: created.id,
      name: 'Renamed',
      maxCpm: 300,
      status: 'draft',
      banners: [{ id: banners.pending, status: 'pending' }],
    });
    const logs = await activityOf(t, 'campaign', created.id);
    expect(logs.at(-1)).toMatchObject({
      event: 'updated',
      changes: {
        before: { name: 'Spring sale', maxCpm: 250, bannerIds: [banners.approved] },
        after: { name: 'Renamed', maxCpm: 300, bannerIds: [banners.pending] },
      },
    });
  });

  it('keeps a past end date of an existing campaign, and applies every rule on PUT', async () => {
    const created = await createCampaign(
      t,
      shop,
      validCampaign(today, { startDate: addDays(today, -5), endDate: today }),
    );
    await t.database.db.execute(
      `update campaigns set end_date = '${addDays(today, -1)}' where id = ${created.id}`,
    );
    const kept = await t.call({
      method: 'PUT',
      url: `${base}/${created.id}`,
      token: shop,
      payload: validCampaign(today, {
        startDate: addDays(today, -5),
        endDate: addDays(today, -1),
        name: 'Past',
      }),
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const moved = await t.call({
      method: 'PUT',
      url: `${base}/${created.id}`,
      token: shop,
      payload: validCampaign(today, {
        startDate: addDays(today, -5),
        endDate: addDays(today, -2),
        maxCpm: 10,
      }),
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({
      endDate: [campaignMessages.endInPast],
      maxCpm: ['The maximum CPM must be at least 1.00.'],
    });
  });

  it('refuses to change an archived campaign', async () => {
    const created = await createCampaign(t, shop, validCampaign(today));
    await t.call({
      method: 'PUT',
      url: `${base}/${created.id}/status`,
      token: shop,
      payload: { status: 'archived' },
    });
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${created.id}`,
      token: shop,
      payload: validCampaign(today, { name: 'Changed' }),
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      message: campaignMessages.archivedNotEditable,
      errors: { status: [campaignMessages.archivedNotEditable] },
    });
  });

  it('answers 404 for a campaign that does not exist', async () => {
    for (const [method, url, payload] of [
      ['GET', `${base}/999999`, undefined],
      ['PUT', `${base}/999999`, validCampaign(today)],
      ['PUT', `${base}/999999/status`, { status: 'paused' }],
      ['POST', `${base}/999999/duplicate`, undefined],
    ] as const) {
      const res = await t.call({ method, url, token: shop, payload, headers: { 'idempotency-key': url } });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
  });

  it('gives the form its settings: currency, time zone, minimums in minor units, margin, countries', async () => {
    const res = await t.call({ method: 'GET', url: `${base}/settings`, token: shop });
    expect(res.status).toBe(200);
    expect(campaignSettingsResponse.safeParse(res.body).success).toBe(true);
    const settings = res.body.data.campaignSettings;
    expect(settings).toMatchObject({
      currency: 'PLN',
      timeZone: 'Europe/Warsaw',
      minCpm: 100,
      minDailyBudget: 1_000,
      platformMarginPercent: 20,
    });
    expect(settings.countries).toContainEqual({ code: 'PL', name: 'Poland' });
    // France was disabled above: the form does not offer it.
    expect(settings.countries.map((c: { code: string }) => c.code)).not.toContain('FR');
  });
});

describe('status', () => {
  const setStatus = (id: number, status: string) =>
    t.call({ method: 'PUT', url: `${base}/${id}/status`, token: shop, payload: { status } });

  it('moves along the allowed transitions, logging each move', async () => {
    const { id } = await createCampaign(t, shop, validCampaign(today));
    for (const status of ['active', 'paused', 'active', 'archived', 'paused']) {
      const res = await setStatus(id, status);
      expect(res.status, `${status}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.campaign.status).toBe(status);
    }
    const moves = (await activityOf(t, 'campaign', id)).filter((log) => log.event === 'updated');
    expect(moves.map((log) => log.changes)).toEqual([
      { before: { status: 'draft' }, after: { status: 'active' } },
      { before: { status: 'active' }, after: { status: 'paused' } },
      { before: { status: 'paused' }, after: { status: 'active' } },
      { before: { status: 'active' }, after: { status: 'archived' } },
      { before: { status: 'archived' }, after: { status: 'paused' } },
    ]);
  });

  it('refuses a move its transitions do not allow (422 on status), and no status is a no-op', async () => {
    const { id } = await createCampaign(t, shop, validCampaign(today));
    const paused = await setStatus(id, 'paused');
    expect(paused.status).toBe(422);
    expect(paused.body.errors).toEqual({ status: ['A campaign cannot go from draft to paused.'] });
    await setStatus(id, 'archived');
    const active = await setStatus(id, 'active');
    expect(active.body.errors).toEqual({ status: ['A campaign cannot go from archived to active.'] });
    expect((await setStatus(id, 'draft')).status).toBe(422);
    expect((await setStatus(id, 'deleted')).status).toBe(422);
    const before = await activityOf(t, 'campaign', id);
    expect((await setStatus(id, 'archived')).status).toBe(200);
    expect(await activityOf(t, 'campaign', id)).toHaveLength(before.length);
  });

  it('moves many at once in bulk, naming each campaign it skips and why', async () => {
    const active = await createCampaign(t, shop, validCampaign(today));
    await setStatus(active.id, 'active');
    const draft = await createCampaign(t, shop, validCampaign(today));
    const alreadyPaused = await createCampaign(t, shop, validCampaign(today));
    await setStatus(alreadyPaused.id, 'active');
    await setStatus(alreadyPaused.id, 'paused');
    const solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
    const foreign = await createCampaign(t, solo, validCampaign(await todayOf(t, ids.solo), { maxCpm: 500 }));

    const res = await t.call({
      method: 'POST',
      url: `${base}/bulk-status`,
      token: shop,
      payload: { ids: [active.id, draft.id, alreadyPaused.id, foreign.id, 999_999], status: 'paused' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.campaignBulk).toEqual({
      updated: [active.id, alreadyPaused.id],
      skipped: [
        {
          id: draft.id,
          message: 'A campaign cannot go from draft to paused.',
          error: 'campaigns.status_change_not_allowed',
          params: { from: 'draft', to: 'paused' },
        },
        { id: foreign.id, message: campaignMessages.unknownCampaign, error: 'campaigns.unknown_campaign' },
        { id: 999_999, message: campaignMessages.unknownCampaign, error: 'campaigns.unknown_campaign' },
      ],
    });
    const read = async (id: number, token = shop) =>
      (await t.call({ method: 'GET', url: `${base}/${id}`, token })).body.data.campaign.status;
    expect(await read(active.id)).toBe('paused');
    expect(await read(draft.id)).toBe('draft');
    expect(await read(foreign.id, solo)).toBe('draft');
    // One row per campaign that moved; none for those that were already there.
    expect((await activityOf(t, 'campaign', active.id)).at(-1)?.changes).toEqual({
      before: { status: 'active' },
      after: { status: 'paused' },
    });
    expect((await activityOf(t, 'campaign', alreadyPaused.id)).at(-1)?.changes).toEqual({
      before: { status: 'active' },
      after: { status: 'paused' },
    });
    expect(await activityOf(t, 'campaign', foreign.id)).toHaveLength(1);

    const archive = await t.call({
      method: 'POST',
      url: `${base}/bulk-status`,
      token: shop,
      payload: { ids: [active.id, draft.id], status: 'archived' },
    });
    expect(archive.body.data.campaignBulk).toEqual({ updated: [active.id, draft.id], skipped: [] });
    const refused = await t.call({
      method: 'POST',
      url: `${base}/bulk-status`,
      token: shop,
      payload: { ids: [], status: 'draft' },
    });
    expect(Object.keys(refused.body.errors).sort()).toEqual(['ids', 'status']);
  });
});

/** POST duplicate with its Idempotency-Key. */
const duplicate = (id: number, key: string) =>
  t.call({
    method: 'POST',
    url: `${base}/${id}/duplicate`,
    token: shop,
    headers: { 'idempotency-key': key },
  });

describe('duplicate', () => {
  it('copies a campaign as a draft with its settings and banners (archived ones left out)', async () => {
    const source = await createCampaign(
      t,
      shop,
      validCampaign(today, {
        name: 'Original',
        hoursOfWeek: [1, 2],
        frequencyCap: { count: 2, period: 'hour' },
        clickWindowDays: 30,
        viewWindowDays: 0,
        holdoutBps: 1_250,
        countries: ['PL'],
        includeDomains: ['news.example.com'],
        excludedCategories: ['IAB3'],
        bannerIds: [banners.approved, banners.pending],
      }),
    );
    await t.call({
      method: 'PUT',
      url: `${base}/${source.id}/status`,
      token: shop,
      payload: { status: 'active' },
    });
    await t.database.db.execute(`update banners set status = 'archived' where id = ${banners.pending}`);
    const res = await duplicate(source.id, 'copy-original');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = res.body.data.campaign;
    expect(copy.id).not.toBe(source.id);
    const settingKeys = [
      'startDate',
      'endDate',
      'hoursOfWeek',
      'totalBudget',
      'dailyBudget',
      'maxCpm',
      'pacing',
    ]
      .concat(['frequencyCap', 'countries', 'deviceTypes', 'operatingSystems', 'includeDomains'])
      .concat(['excludeDomains', 'excludedCategories', 'advertiserId', 'clickWindowDays', 'viewWindowDays'])
      .concat(['holdoutBps']);
    const settingsOf = (campaign: Record<string, unknown>) =>
      Object.fromEntries(settingKeys.map((key) => [key, campaign[key]]));
    expect(settingsOf(copy)).toEqual(settingsOf(source));
    expect(settingsOf(copy)).toMatchObject({
      hoursOfWeek: [1, 2],
      countries: ['PL'],
      clickWindowDays: 30,
      viewWindowDays: 0,
      holdoutBps: 1_250,
    });
    expect(copy).toMatchObject({ name: 'Copy of Original', status: 'draft' });
    expect(copy.banners.map((banner: { id: number }) => banner.id)).toEqual([banners.approved]);
    expect((await activityOf(t, 'campaign', copy.id))[0]).toMatchObject({
      event: 'created',
      changes: { after: { name: 'Copy of Original', duplicatedFrom: source.id } },
    });
    await t.database.db.execute(`update banners set status = 'pending' where id = ${banners.pending}`);
  });

  it('keeps the copy’s name within 200 characters', async () => {
    const source = await createCampaign(t, shop, validCampaign(today, { name: 'n'.repeat(200) }));
    const res = await duplicate(source.id, 'copy-long-name');
    expect(res.body.data.campaign.name).toBe(`Copy of ${'n'.repeat(192)}`);
  });
});

describe('the list', () => {
  it('searches by name, filters by status and pages, in the contract', async () => {
    const res = await t.call({ method: 'GET', url: `${base}?search=copy%20of&perPage=1`, token: shop });
    expect(res.status).toBe(200);
    expect(campaignsResponse.safeParse(res.body).success).toBe(true);
    const page = res.body.data.campaigns;
    expect(page.meta).toMatchObject({ page: 1, perPage: 1, total: 2, lastPage: 2 });
    expect(page.elements[0].name).toMatch(/^Copy of/);

    const archived = await t.call({ method: 'GET', url: `${base}?status=archived&perPage=100`, token: shop });
    expect(archived.body.data.campaigns.elements.length).toBeGreaterThan(0);
    for (const item of archived.body.data.campaigns.elements) expect(item.status).toBe('archived');
  });

  it('sorts by the chosen column in both orders', async () => {
    const names = async (order: string) =>
      (
        await t.call({ method: 'GET', url: `${base}?sort=name&order=${order}&perPage=100`, token: shop })
      ).body.data.campaigns.elements.map((c: { name: string }) => c.name);
    const ascending = await names('asc');
    expect(ascending.indexOf('Autumn')).toBeLessThan(ascending.indexOf('Spring sale'));
    expect(await names('desc')).toEqual([...ascending].reverse());
    const cpms = (
      await t.call({ method: 'GET', url: `${base}?sort=maxCpm&order=desc&perPage=100`, token: shop })
    ).body.data.campaigns.elements.map((c: { maxCpm: number }) => c.maxCpm);
    expect(cpms).toEqual([...cpms].sort((a, b) => b - a));
    expect((await t.call({ method: 'GET', url: `${base}?sort=budget`, token: shop })).status).toBe(422);
  });

  it('sorts by spend and by impressions over every day, a campaign without counters as zero', async () => {
    const made = async (name: string, days: [string, number, number][]) => {
      const created = await createCampaign(t, shop, validCampaign(today, { name }));
      for (const [day, impressions, spendMicros] of days)
        await insertStats(t, created.id, day, { impressions, spendMicros });
      return created.id;
    };
    const big = await made('Sorted big spender', [
      [today, 100, 9_000_000],
      [addDays(today, -1), 50, 6_000_000],
    ]);
    const seen = await made('Sorted most seen', [[today, 5_000, 1_000_000]]);
    const none = await made('Sorted no counters', []);
    const order = async (sort: string, direction: string) =>
      (
        await t.call({
          method: 'GET',
          url: `${base}?search=sorted&sort=${sort}&order=${direction}&perPage=100`,
          token: shop,
        })
      ).body.data.campaigns.elements.map((c: { id: number }) => c.id);
    expect(await order('spend', 'desc')).toEqual([big, seen, none]);
    expect(await order('spend', 'asc')).toEqual([none, seen, big]);
    expect(await order('impressions', 'desc')).toEqual([seen, big, none]);
    expect(await order('impressions', 'asc')).toEqual([none, big, seen]);
  });

  it('counts each campaign’s banners and approved banners', async () => {
    const created = await createCampaign(
      t,
      shop,
      validCampaign(today, { name: 'Counted', bannerIds: [banners.approved, banners.pending] }),
    );
    const res = await t.call({ method: 'GET', url: `${base}?search=Counted`, token: shop });
    expect(res.body.data.campaigns.elements).toEqual([
      expect.objectContaining({ id: created.id, bannerCount: 2, approvedBannerCount: 1 }),
    ]);
  });
});

// Last: its copies would count in the list's search for 'copy of'.
describe('a retried duplicate', () => {
  it('makes one copy however often the same request is retried with its Idempotency-Key', async () => {
    const source = await createCampaign(t, shop, validCampaign(today, { name: 'Retried' }));
    const copies = async () => {
      const res = await t.call({ method: 'GET', url: `${base}?search=Copy%20of%20Retried`, token: shop });
      return res.body.data.campaigns.elements.map((campaign: { name: string }) => campaign.name);
    };
    const first = await duplicate(source.id, 'retry-1');
    const again = await duplicate(source.id, 'retry-1');
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.campaign.id).toBe(first.body.data.campaign.id);
    expect(await copies()).toEqual(['Copy of Retried']);
    // Concurrent retries wait for the first: still one copy.
    const concurrent = await Promise.all([duplicate(source.id, 'retry-2'), duplicate(source.id, 'retry-2')]);
    expect(new Set(concurrent.map((res) => res.body.data.campaign.id)).size).toBe(1);
    expect(await copies()).toEqual(['Copy of Retried', 'Copy of Retried']);

    // A key is for one request; a duplicate without one is refused, and makes nothing.
    const reused = await duplicate(first.body.data.campaign.id, 'retry-1');
    expect(reused.status).toBe(422);
    expect(reused.body.errors).toEqual({ idempotencyKey: [paymentMessages.idempotencyKeyReused] });
    const keyless = await t.call({ method: 'POST', url: `${base}/${source.id}/duplicate`, token: shop });
    expect(keyless.status).toBe(422);
    expect(keyless.body.errors).toEqual({ idempotencyKey: [paymentMessages.idempotencyKeyMissing] });
    expect(await copies()).toHaveLength(2);
  });
});
