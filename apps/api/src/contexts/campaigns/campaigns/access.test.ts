import { demoAccounts } from '@rtb/db';
import { loadActiveCampaigns } from '@rtb/delivery';
import { campaignMessages, messages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activityOf } from '../../organisations/organisations/test-helpers';
import { organisationId, organisationUser } from '../../organisations/organisations/test-users';
import { createCampaign, insertBanner, todayOf, validCampaign } from './test-helpers';

const base = '/api/advertiser/campaigns';

let t: TestApp;
let admin: string;
let agency: string;
let shop: string;
let solo: string;
let ids: { shop: number; solo: number };
/** Solo Store's campaign and banner: what Demo Shop's users must never reach. */
let foreign: { campaign: number; banner: number };
let own: number;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  ids = {
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
  };
  const soloBanner = await insertBanner(t, ids.solo, 'approved', 'Solo secret banner');
  const soloCampaign = await createCampaign(
    t,
    solo,
    validCampaign(await todayOf(t, ids.solo), { name: 'Solo secret', maxCpm: 500, bannerIds: [soloBanner] }),
  );
  foreign = { campaign: soloCampaign.id, banner: soloBanner };
  own = (await createCampaign(t, shop, validCampaign(await todayOf(t, ids.shop), { name: 'Shop own' }))).id;
});
afterAll(() => t.close());

describe('another advertiser’s campaigns', () => {
  it('are 404 by id on every route, as a missing id is, and stay as they were', async () => {
    const today = await todayOf(t, ids.shop);
    const before = await activityOf(t, 'campaign', foreign.campaign);
    for (const id of [foreign.campaign, 999_999]) {
      for (const [method, url, payload] of [
        ['GET', `${base}/${id}`, undefined],
        ['PUT', `${base}/${id}`, validCampaign(today)],
        ['PUT', `${base}/${id}/status`, { status: 'archived' }],
        ['POST', `${base}/${id}/duplicate`, undefined],
      ] as const) {
        const res = await t.call({ method, url, token: shop, payload, headers: { 'idempotency-key': url } });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body).toEqual({ message: messages.notFound, code: 404, error: 'common.not_found' });
      }
    }
    const bulk = await t.call({
      method: 'POST',
      url: `${base}/bulk-status`,
      token: shop,
      payload: { ids: [foreign.campaign], status: 'archived' },
    });
    expect(bulk.body.data.campaignBulk).toEqual({
      updated: [],
      skipped: [
        {
          id: foreign.campaign,
          message: campaignMessages.unknownCampaign,
          error: 'campaigns.unknown_campaign',
        },
      ],
    });
    const read = await t.call({ method: 'GET', url: `${base}/${foreign.campaign}`, token: solo });
    expect(read.body.data.campaign).toMatchObject({ name: 'Solo secret', status: 'draft' });
    expect(await activityOf(t, 'campaign', foreign.campaign)).toEqual(before);
  });

  it('never appear in the list, whatever the search or filter', async () => {
    for (const query of ['', '?search=Solo', '?status=draft', '?serving=not_serving', '?perPage=100']) {
      const res = await t.call({ method: 'GET', url: `${base}${query}`, token: shop });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('Solo secret');
      for (const item of res.body.data.campaigns.elements) expect(item.advertiserId).toBe(ids.shop);
    }
  });

  it('keep their banners out of reach: none can be attached', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${own}`,
      token: shop,
      payload: validCampaign(await todayOf(t, ids.shop), { bannerIds: [foreign.banner] }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ bannerIds: [campaignMessages.unknownBanner] });
  });
});

describe('who may call the campaign routes', () => {
  const routes = (id: number) =>
    [
      ['GET', base],
      ['GET', `${base}/settings`],
      ['POST', base],
      ['POST', `${base}/bulk-status`],
      ['GET', `${base}/${id}`],
      ['PUT', `${base}/${id}`],
      ['PUT', `${base}/${id}/status`],
      ['POST', `${base}/${id}/duplicate`],
    ] as const;

  it('refuses forged organisation headers (403)', async () => {
    for (const [method, url] of routes(own)) {
      for (const headers of [{ 'advertiser-id': String(ids.solo) }, { 'agency-id': '999999' }]) {
        const res = await t.call({ method, url, token: shop, headers, payload: {} });
        expect(res.status, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain('Shop own');
      }
    }
  });

  it('refuses the admin and agency panels, even naming the advertiser; 401 without a token', async () => {
    for (const [method, url] of routes(own)) {
      for (const token of [admin, agency]) {
        const res = await t.call({ method, url, token, headers: { 'advertiser-id': String(ids.shop) } });
        expect(res.status, `${method} ${url}`).toBe(403);
      }
      expect((await t.call({ method, url })).status).toBe(401);
    }
  });

  it('lets an agency work on its advertiser’s campaigns only through "log in as"', async () => {
    const login = await t.call({
      method: 'POST',
      url: `/api/agency/advertisers/${ids.shop}/auth`,
      token: agency,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const asShop = login.body.data.authToken as string;
    const created = await createCampaign(
      t,
      asShop,
      validCampaign(await todayOf(t, ids.shop), { name: 'By agency' }),
    );
    expect(created.advertiserId).toBe(ids.shop);
    const [log] = await activityOf(t, 'campaign', created.id);
    expect(log?.impersonatorAccountId).not.toBeNull();
    // Solo Store is not the agency's: it cannot log in as it.
    const refused = await t.call({
      method: 'POST',
      url: `/api/agency/advertisers/${ids.solo}/auth`,
      token: agency,
    });
    expect(refused.status).toBe(404);
  });

  it('needs campaigns read to read and campaigns write to change', async () => {
    const viewer = await organisationUser(t, 'advertiser', ids.shop, {
      login: 'viewer@demo-shop.example.com',
      role: 'viewer',
    });
    expect((await t.call({ method: 'GET', url: base, token: viewer.token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `${base}/${own}`, token: viewer.token })).status).toBe(200);
    const refused = await t.call({
      method: 'POST',
      url: base,
      token: viewer.token,
      payload: validCampaign(await todayOf(t, ids.shop)),
    });
    expect(refused.status).toBe(403);
    const status = await t.call({
      method: 'PUT',
      url: `${base}/${own}/status`,
      token: viewer.token,
      payload: { status: 'archived' },
    });
    expect(status.status).toBe(403);
  });
});

describe('the admin', () => {
  const adminBase = '/api/admin/campaigns';

  it('lists every advertiser’s campaigns, or one advertiser’s', async () => {
    const all = await t.call({ method: 'GET', url: `${adminBase}?perPage=100`, token: admin });
    expect(all.status).toBe(200);
    const advertiserIds = new Set(
      all.body.data.campaigns.elements.map((c: { advertiserId: number }) => c.advertiserId),
    );
    expect(advertiserIds).toEqual(new Set([ids.shop, ids.solo]));
    const one = await t.call({ method: 'GET', url: `${adminBase}?advertiserId=${ids.solo}`, token: admin });
    expect(one.body.data.campaigns.elements.map((c: { id: number }) => c.id)).toEqual([foreign.campaign]);
    expect(one.body.data.campaigns.elements[0]).toMatchObject({ currency: 'EUR', bannerCount: 1 });
    const read = await t.call({ method: 'GET', url: `${adminBase}/${foreign.campaign}`, token: admin });
    expect(read.body.data.campaign).toMatchObject({ name: 'Solo secret', banners: [{ id: foreign.banner }] });
    expect((await t.call({ method: 'GET', url: `${adminBase}/999999`, token: admin })).status).toBe(404);
  });

  it('pauses and resumes a campaign, logged as the admin, and does nothing else', async () => {
    const setStatus = (status: string) =>
      t.call({
        method: 'PUT',
        url: `${adminBase}/${foreign.campaign}/status`,
        token: admin,
        payload: { status },
      });
    // A draft is not the admin's to start.
    const start = await setStatus('active');
    expect(start.status).toBe(422);
    expect(start.body.errors).toEqual({ status: ['A campaign cannot go from draft to active.'] });
    expect((await setStatus('archived')).status).toBe(422);

    await t.call({
      method: 'PUT',
      url: `${base}/${foreign.campaign}/status`,
      token: solo,
      payload: { status: 'active' },
    });
    const paused = await setStatus('paused');
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.data.campaign).toMatchObject({
      status: 'paused',
      updatedBy: { name: expect.any(String) },
    });
    const log = (await activityOf(t, 'campaign', foreign.campaign)).at(-1);
    expect(log).toMatchObject({ changes: { before: { status: 'active' }, after: { status: 'paused' } } });
    expect(log?.actorAccountId).not.toBeNull();
    expect((await setStatus('active')).body.data.campaign.status).toBe('active');
  });

  it('is refused to the other panels', async () => {
    for (const token of [agency, shop]) {
      expect((await t.call({ method: 'GET', url: adminBase, token })).status).toBe(403);
      expect(
        (
          await t.call({
            method: 'PUT',
            url: `${adminBase}/${own}/status`,
            token,
            payload: { status: 'paused' },
          })
        ).status,
      ).toBe(403);
    }
  });
});

describe('loadActiveCampaigns (what the bidder loads)', () => {
  it('gives every active campaign with its approved banners and its advertiser’s clock and currency', async () => {
    const today = await todayOf(t, ids.shop);
    const approved = await insertBanner(t, ids.shop, 'approved', 'Live');
    const pending = await insertBanner(t, ids.shop, 'pending', 'Waiting');
    const live = await createCampaign(
      t,
      shop,
      validCampaign(today, { name: 'Live', bannerIds: [pending, approved] }),
    );
    await t.call({
      method: 'PUT',
      url: `${base}/${live.id}/status`,
      token: shop,
      payload: { status: 'active' },
    });
    const bare = await createCampaign(t, shop, validCampaign(today, { name: 'Bare' }));
    await t.call({
      method: 'PUT',
      url: `${base}/${bare.id}/status`,
      token: shop,
      payload: { status: 'active' },
    });

    const loaded = await loadActiveCampaigns(t.database.db);
    // Drafts, paused and archived campaigns stay out; the admin-resumed Solo campaign is in.
    expect(loaded.map((row) => row.campaign.id)).toEqual([foreign.campaign, live.id, bare.id]);
    const entry = loaded.find((row) => row.campaign.id === live.id);
    expect(entry?.advertiser).toEqual({
      id: ids.shop,
      timeZone: 'Europe/Warsaw',
      currency: 'PLN',
      currencyMinorUnits: 2,
    });
    expect(entry?.campaign).toMatchObject({
      name: 'Live',
      status: 'active',
      maxCpm: 250,
      dailyBudget: 5_000,
    });
    expect(entry?.banners).toEqual([
      expect.objectContaining({
        id: approved,
        width: 300,
        height: 250,
        landingUrl: 'https://shop.example.com/',
      }),
    ]);
    expect(loaded.find((row) => row.campaign.id === bare.id)?.banners).toEqual([]);
  });
});
