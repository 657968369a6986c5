import { randomBytes } from 'node:crypto';
import {
  accounts,
  advertisers,
  advertiserUsers,
  banners,
  demoAccounts,
  feedImports,
  hashPassword,
  productFeeds,
  roles,
  tagEvents,
} from '@rtb/db';
import { addHourlyStats } from '@rtb/delivery';
import {
  type BannerStatus,
  messages,
  rtbViewStatusMessages,
  rtbViewStatusResponse,
  viewAreas,
} from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  addDays,
  createCampaign,
  insertBanner,
  todayOf,
  validCampaign,
} from '../../campaigns/campaigns/test-helpers';
import { postEntries } from '../../organisations/organisations/test-helpers';
import { organisationUser } from '../../organisations/organisations/test-users';
import { getViewStatus, viewStatuses } from './view-status';

const url = '/api/advertiser/rtb-views/status';
const PASSWORD = 'quiet-harbour-42';

let t: TestApp;
let admin: string;
let agency: string;
let advertiser: string;
let solo: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  advertiser = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
});
afterAll(() => t.close());

const advertiserId = async (name: string) => {
  const [row] = await t.database.db.select().from(advertisers).where(eq(advertisers.name, name));
  return row?.id as number;
};

/** A Demo Shop user whose role is `slug` of the advertiser category; returns a token. */
async function demoShopUserWithRole(slug: string, login: string): Promise<string> {
  const db = t.database.db;
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.category, 'advertiser'), eq(roles.slug, slug)));
  const [account] = await db
    .insert(accounts)
    .values({
      login,
      kind: 'advertiser',
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: accounts.id });
  await db.insert(advertiserUsers).values({
    accountId: account?.id as number,
    roleId: role?.id as number,
    advertiserId: await advertiserId('Demo Shop'),
    firstName: 'Rita',
    lastName: 'Restricted',
    avatarColor: '#475569',
  });
  return t.loginAs('advertiser', login, PASSWORD);
}

describe('GET /api/advertiser/rtb-views/status', () => {
  it('answers the five areas under rtbViewStatus, each with commonStatus, message and requiresAction', async () => {
    const res = await t.call({ method: 'GET', url, token: advertiser });
    expect(res.status).toBe(200);
    expect(rtbViewStatusResponse.safeParse(res.body).success).toBe(true);
    const status = res.body.data.rtbViewStatus;
    expect(Object.keys(status).sort()).toEqual([...viewAreas].sort());
    // Before a feed is set up the products area asks for one.
    expect(status.products).toEqual({
      commonStatus: 'Warning',
      message: rtbViewStatusMessages.productsNoFeed,
      messageKey: 'productsNoFeed',
      requiresAction: true,
    });
    const own = await t.call({ method: 'GET', url, token: solo });
    expect(own.status).toBe(200);
  });

  it('says how the banners are: none yet, all rejected, waiting, approved', async () => {
    const shopId = await advertiserId('Demo Shop');
    const bannersArea = async () =>
      (await t.call({ method: 'GET', url, token: advertiser })).body.data.rtbViewStatus.banners;
    expect(await bannersArea()).toEqual({
      commonStatus: 'Warning',
      message: rtbViewStatusMessages.bannersNone,
      messageKey: 'bannersNone',
      requiresAction: true,
    });
    const add = (status: BannerStatus) =>
      t.database.db.insert(banners).values({
        advertiserId: shopId,
        name: status,
        type: 'image',
        status,
        width: 300,
        height: 250,
        mimeType: 'image/png',
        fileSize: 100,
        landingUrl: 'https://shop.example.com/',
        assetKey: randomBytes(16).toString('hex'),
        assetEntry: 'banner.png',
        rejectionReason: status === 'rejected' ? 'misleading' : null,
      });
    await add('archived');
    expect((await bannersArea()).message).toBe(rtbViewStatusMessages.bannersNone);
    await add('rejected');
    expect(await bannersArea()).toEqual({
      commonStatus: 'Error',
      message: 'All your banners were rejected (1). Fix them and send them for review again.',
      messageKey: 'bannersAllRejected',
      params: { rejected: 1 },
      requiresAction: true,
    });
    await add('pending');
    await add('pending');
    expect(await bannersArea()).toEqual({
      commonStatus: 'Warning',
      message: 'No banner is approved yet. Waiting for review: 2. Rejected: 1.',
      messageKey: 'bannersNotApproved',
      params: { pending: 2, rejected: 1 },
      requiresAction: true,
    });
    await add('approved');
    expect(await bannersArea()).toEqual({
      commonStatus: 'Ok',
      message: 'Approved banners: 1.',
      messageKey: 'bannersApproved',
      // The others' counts ride along (the agency's overview shows them).
      params: { approved: 1, pending: 2, rejected: 1 },
      requiresAction: false,
    });
    // Another advertiser's banners are not this one's.
    const other = (await t.call({ method: 'GET', url, token: solo })).body.data.rtbViewStatus.banners;
    expect(other.commonStatus).toBe('Warning');
  });

  it('needs a signed-in user (401)', async () => {
    const res = await t.call({ method: 'GET', url });
    expect(res.status).toBe(401);
    expect(res.body).not.toHaveProperty('data');
  });

  it('is refused to the admin and agency panels (403), whatever organisation they name', async () => {
    const shop = String(await advertiserId('Demo Shop'));
    for (const token of [admin, agency]) {
      for (const headers of [{}, { 'advertiser-id': shop }]) {
        const res = await t.call({ method: 'GET', url, token, headers });
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(messages.forbidden);
      }
    }
  });

  it('is refused to a role without integrations read (403), allowed to a read-only role', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/admin/roles',
      token: admin,
      payload: {
        category: 'advertiser',
        name: 'Banners only',
        permissions: [{ resource: 'banners', mode: 'write' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bannersOnly = await demoShopUserWithRole(created.body.data.role.slug, 'banners-only@example.com');
    const refused = await t.call({ method: 'GET', url, token: bannersOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.forbidden);

    const viewer = await demoShopUserWithRole('viewer', 'shop-viewer@example.com');
    expect((await t.call({ method: 'GET', url, token: viewer })).status).toBe(200);
  });

  it('does not answer for another advertiser named in the header (403)', async () => {
    const other = String(await advertiserId('Solo Store'));
    const res = await t.call({ method: 'GET', url, token: advertiser, headers: { 'advertiser-id': other } });
    expect(res.status).toBe(403);
    expect(res.body).not.toHaveProperty('data');
  });
});

describe('the campaigns area', () => {
  const campaignsArea = async (token: string) => {
    const res = await t.call({ method: 'GET', url, token });
    expect(res.status).toBe(200);
    return res.body.data.rtbViewStatus.campaigns;
  };
  const campaigns = '/api/advertiser/campaigns';

  it('asks for a first campaign while there is none (Error, requires action)', async () => {
    expect(await campaignsArea(solo)).toEqual({
      commonStatus: 'Error',
      message: rtbViewStatusMessages.campaignsNone,
      messageKey: 'campaignsNone',
      requiresAction: true,
    });
  });

  it('warns with the first reason while no campaign serves, and is Ok once one does', async () => {
    const shopId = await advertiserId('Demo Shop');
    const today = await todayOf(t, shopId);
    const draft = await createCampaign(t, advertiser, validCampaign(today, { name: 'First' }));
    // Only a draft: the reason is the draft's own.
    expect(await campaignsArea(advertiser)).toEqual({
      commonStatus: 'Warning',
      message: rtbViewStatusMessages.campaignsDraft,
      messageKey: 'campaignsDraft',
      requiresAction: true,
    });

    const banner = await insertBanner(t, shopId, 'pending');
    const active = await createCampaign(t, advertiser, validCampaign(today, { bannerIds: [banner] }));
    await t.call({
      method: 'PUT',
      url: `${campaigns}/${active.id}/status`,
      token: advertiser,
      payload: { status: 'active' },
    });
    // An active campaign now speaks for the area: its first reason (Demo Shop has no money either).
    expect(await campaignsArea(advertiser)).toEqual({
      commonStatus: 'Warning',
      message: rtbViewStatusMessages.campaignsNoApprovedCreative,
      messageKey: 'campaignsNoApprovedCreative',
      requiresAction: true,
    });

    await t.database.db.update(banners).set({ status: 'approved' }).where(eq(banners.id, banner));
    expect((await campaignsArea(advertiser)).message).toBe(rtbViewStatusMessages.campaignsFundsExhausted);

    await postEntries(
      t,
      { advertiserId: shopId },
      'balance',
      await t.referenceId('currencies', 'PLN'),
      [10_000],
    );
    expect(await campaignsArea(advertiser)).toEqual({
      commonStatus: 'Ok',
      message: rtbViewStatusMessages.campaignsServing,
      messageKey: 'campaignsServing',
      requiresAction: false,
    });
    expect(draft.status).toBe('draft');
  });

  it('does not count as action required what passes by itself (a start day still to come)', async () => {
    const soloId = await advertiserId('Solo Store');
    const today = await todayOf(t, soloId);
    const banner = await insertBanner(t, soloId, 'approved');
    await postEntries(
      t,
      { advertiserId: soloId },
      'balance',
      await t.referenceId('currencies', 'EUR'),
      [10_000],
    );
    const later = await createCampaign(
      t,
      solo,
      validCampaign(today, { startDate: addDays(today, 3), bannerIds: [banner], maxCpm: 500 }),
    );
    await t.call({
      method: 'PUT',
      url: `${campaigns}/${later.id}/status`,
      token: solo,
      payload: { status: 'active' },
    });
    expect(await campaignsArea(solo)).toEqual({
      commonStatus: 'Warning',
      message: rtbViewStatusMessages.campaignsScheduled,
      messageKey: 'campaignsScheduled',
      requiresAction: false,
    });
  });
});

describe('the campaigns area, among several campaigns', () => {
  it('speaks for the most advanced active campaign: the one fewest reasons keep from serving', async () => {
    const [row] = await t.database.db
      .insert(advertisers)
      .values({ name: 'Many Campaigns', code: 'MANY', currencyId: await t.referenceId('currencies', 'PLN') })
      .returning({ id: advertisers.id });
    const id = row?.id as number;
    const { token } = await organisationUser(t, 'advertiser', id, { login: 'many-campaigns@example.com' });
    const today = await todayOf(t, id);
    const activate = async (bannerIds: number[]) => {
      const campaign = await createCampaign(t, token, validCampaign(today, { bannerIds }));
      const res = await t.call({
        method: 'PUT',
        url: `/api/advertiser/campaigns/${campaign.id}/status`,
        token,
        payload: { status: 'active' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    // A new advertiser: neither campaign can serve (not verified, no billing data, no money); the
    // second, changed last, also lacks an approved banner, so the first is the more advanced.
    await activate([await insertBanner(t, id, 'approved')]);
    await activate([await insertBanner(t, id, 'pending')]);
    const res = await t.call({ method: 'GET', url, token });
    expect(res.body.data.rtbViewStatus.campaigns).toEqual({
      commonStatus: 'Warning',
      message: rtbViewStatusMessages.campaignsAdvertiserNotVerified,
      messageKey: 'campaignsAdvertiserNotVerified',
      requiresAction: true,
    });
  });
});

describe('the reports area', () => {
  const reportsArea = async (token: string) => {
    const res = await t.call({ method: 'GET', url, token });
    expect(res.status).toBe(200);
    return res.body.data.rtbViewStatus.reports;
  };
  const noDelivery = {
    commonStatus: 'Warning',
    message: rtbViewStatusMessages.reportsNoDelivery,
    messageKey: 'reportsNoDelivery',
    requiresAction: false,
  };
  const HOUR = 3_600_000;
  const hourAgo = (hours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR - hours * HOUR);

  it('is Ok once impressions arrived in the last 24 hours, a Warning otherwise', async () => {
    const shopId = await advertiserId('Demo Shop');
    const today = await todayOf(t, shopId);
    const campaign = await createCampaign(t, advertiser, validCampaign(today, { name: 'Reported' }));
    const bannerId = await insertBanner(t, shopId, 'approved');
    const row = { advertiserId: shopId, campaignId: campaign.id, bannerId };
    expect(await reportsArea(advertiser)).toEqual(noDelivery);

    // Delivery of two days ago, and bids without impressions in the last hour, are not enough.
    await addHourlyStats(t.database.db, [
      { ...row, hour: hourAgo(48), impressions: 100 },
      { ...row, hour: hourAgo(1), bids: 50, wins: 0 },
    ]);
    expect(await reportsArea(advertiser)).toEqual(noDelivery);

    await addHourlyStats(t.database.db, [{ ...row, hour: hourAgo(23), impressions: 1 }]);
    expect(await reportsArea(advertiser)).toEqual({
      commonStatus: 'Ok',
      message: rtbViewStatusMessages.reportsDelivering,
      messageKey: 'reportsDelivering',
      requiresAction: false,
    });
    // Demo Shop's delivery is not Solo Store's.
    expect(await reportsArea(solo)).toEqual(noDelivery);
  });
});

describe('the integration status of many advertisers at once (the agency overview)', () => {
  it('gives each advertiser the status it has when asked alone', async () => {
    const db = t.database.db;
    // Solo Store in other states than Demo Shop's (which the tests above set up): its feed's
    // import failed, its tag sends, a banner waits for review.
    const soloId = await advertiserId('Solo Store');
    await db.insert(productFeeds).values({ advertiserId: soloId, source: 'upload' });
    await db.insert(feedImports).values({
      advertiserId: soloId,
      trigger: 'upload',
      status: 'failed',
      errorCode: 'http_status',
      errorDetail: 'HTTP 404',
    });
    await db.insert(tagEvents).values({
      eventKey: 'solo:view',
      advertiserId: soloId,
      type: 'viewItem',
      receivedAt: new Date(),
      visitorId: 'visitor',
    });
    await insertBanner(t, soloId, 'pending');

    const ids = (await db.select({ id: advertisers.id }).from(advertisers)).map((row) => row.id);
    const alone = await Promise.all(ids.map((id) => getViewStatus(t.deps, id)));
    const together = await viewStatuses(t.deps, ids);
    expect(ids.map((id) => together.get(id))).toEqual(alone);
    const solo = together.get(soloId);
    expect(solo?.products).toMatchObject({ commonStatus: 'Error', messageKey: 'productsHttpStatus' });
    expect(solo?.tags).toMatchObject({ commonStatus: 'Ok', messageKey: 'tagsReceiving' });
    expect(Number(solo?.banners.params?.pending)).toBeGreaterThan(0);
    expect(together.get(await advertiserId('Demo Shop'))?.reports.messageKey).toBe('reportsDelivering');
    expect(solo?.reports.messageKey).toBe('reportsNoDelivery');
  });
});
