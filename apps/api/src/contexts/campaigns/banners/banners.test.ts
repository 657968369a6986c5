import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { advertisers, banners } from '@rtb/db';
import { bannerMessages, bannerResponse, bannersResponse, messages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activatedUser, logsOf } from '../../identity/users/test-helpers';
import { demoTokens } from '../../support/support/test-helpers';
import { type BannerBody, html5Zip, image, landingSite, upload, uploaded } from './test-helpers';

let t: TestApp;
let site: Awaited<ReturnType<typeof landingSite>>;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
let ok: string;
let shopId: number;
let soloId: number;

const idOf = async (name: string) =>
  (await t.database.db.select({ id: advertisers.id }).from(advertisers).where(eq(advertisers.name, name)))[0]
    ?.id as number;
const trust = (id: number, creativesTrusted: boolean) =>
  t.database.db.update(advertisers).set({ creativesTrusted }).where(eq(advertisers.id, id));
/** Sets a banner's status as a review would (the review routes are banner-reviews'). */
const review = async (id: number, status: 'approved' | 'rejected') => {
  await t.database.db
    .update(banners)
    .set({
      status,
      reviewedAt: new Date(),
      rejectionReason: status === 'rejected' ? 'misleading' : null,
      rejectionNote: status === 'rejected' ? 'Too loud.' : null,
    })
    .where(eq(banners.id, id));
};

beforeAll(async () => {
  site = await landingSite();
  t = await createTestApp({ demo: true, config: { urlVerifyAllowPrivate: true } });
  tokens = await demoTokens(t);
  ok = `${site.base}/ok`;
  shopId = await idOf('Demo Shop');
  soloId = await idOf('Solo Store');
});
afterAll(async () => {
  await t.close();
  await site.close();
});

const newBanner = async (token = tokens.advertiser, name = 'Spring') =>
  uploaded(t, { token, content: await image('png', 300, 250), fields: { landingUrl: ok, name } });
const get = (id: number, token = tokens.advertiser) =>
  t.call({ method: 'GET', url: `/api/advertiser/banners/${id}`, token });
const put = (id: number, payload: object, token = tokens.advertiser) =>
  t.call({ method: 'PUT', url: `/api/advertiser/banners/${id}`, token, payload });
const setStatus = (id: number, status: string, token = tokens.advertiser) =>
  t.call({ method: 'PUT', url: `/api/advertiser/banners/${id}/status`, token, payload: { status } });
const replace = async (id: number, content: Buffer, token = tokens.advertiser) =>
  upload(t, { token, content, url: `/api/advertiser/banners/${id}/file` });
const folderOf = (banner: BannerBody) =>
  join(t.deps.config.dataDir, 'creatives', banner.previewUrl.split('/')[2] as string);

describe('the advertiser’s banners', () => {
  it('lists its own, with search, filters, sort and pages, in the contract’s shape', async () => {
    const a = await newBanner(tokens.advertiser, 'Alpha sale');
    const b = await uploaded(t, {
      token: tokens.advertiser,
      content: await image('jpeg', 728, 90),
      fields: { landingUrl: ok, name: 'Beta board' },
    });
    const c = await uploaded(t, {
      token: tokens.advertiser,
      content: html5Zip(),
      fields: { landingUrl: ok, name: 'Gamma' },
    });
    await review(b.id, 'approved');
    const solos = await newBanner(tokens.solo, 'Solo only');

    const list = async (query = '') => {
      const res = await t.call({
        method: 'GET',
        url: `/api/advertiser/banners${query}`,
        token: tokens.advertiser,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(bannersResponse.safeParse(res.body).success).toBe(true);
      return res.body.data.banners as { elements: BannerBody[]; meta: { total: number; lastPage: number } };
    };
    const ids = (page: { elements: BannerBody[] }) => page.elements.map((banner) => banner.id);
    const all = await list();
    expect(ids(all)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect(ids(all)).not.toContain(solos.id);
    expect(all.elements.every((banner) => banner.advertiserId === shopId)).toBe(true);
    expect(ids(await list('?search=beta'))).toEqual([b.id]);
    expect(ids(await list('?status=approved'))).toEqual([b.id]);
    expect(ids(await list('?type=html5'))).toEqual([c.id]);
    expect(ids(await list('?size=728x90'))).toEqual([b.id]);
    expect(ids(await list('?search=a&sort=name&order=asc')).slice(0, 3)).toEqual([a.id, b.id, c.id]);
    const paged = await list('?perPage=1&page=2&sort=createdAt&order=asc');
    expect(paged.elements).toHaveLength(1);
    expect(paged.meta.lastPage).toBe(paged.meta.total);

    const bad = await t.call({
      method: 'GET',
      url: '/api/advertiser/banners?size=big&status=new',
      token: tokens.advertiser,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['size', 'status']);
  });

  it('reads one, with who changed it', async () => {
    const banner = await newBanner();
    const res = await get(banner.id);
    expect(res.status).toBe(200);
    expect(bannerResponse.safeParse(res.body).success).toBe(true);
    expect(res.body.data.banner).toMatchObject({ id: banner.id, updatedBy: { name: 'Dorota Sklepowa' } });
  });

  it('renames without a new review; a new landing page goes back to review', async () => {
    const banner = await newBanner();
    await review(banner.id, 'approved');
    const renamed = await put(banner.id, { name: 'Renamed', landingUrl: ok });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.banner).toMatchObject({ name: 'Renamed', status: 'approved' });

    const moved = await put(banner.id, { name: 'Renamed', landingUrl: `${ok}?utm=x` });
    expect(moved.body.data.banner).toMatchObject({
      landingUrl: `${ok}?utm=x`,
      status: 'pending',
      reviewedAt: null,
    });
    await review(banner.id, 'rejected');
    const fixed = await put(banner.id, { name: 'Renamed', landingUrl: ok });
    expect(fixed.body.data.banner).toMatchObject({
      status: 'pending',
      rejectionReason: null,
      rejectionNote: null,
    });

    const unanswered = await put(banner.id, { name: 'Renamed', landingUrl: `${site.base}/gone` });
    expect(unanswered.status).toBe(422);
    expect(unanswered.body.errors).toEqual({ landingUrl: [messages.urlErrorStatus(404)] });
    const invalid = await put(banner.id, { name: '', landingUrl: 'javascript:alert(1)' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['landingUrl', 'name']);
  });

  it('replaces the file under a new key, back to review, and removes the old files', async () => {
    const banner = await newBanner();
    await review(banner.id, 'approved');
    const res = await replace(banner.id, html5Zip());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const replaced = res.body.data.banner as BannerBody;
    expect(replaced).toMatchObject({ type: 'html5', status: 'pending', fileCount: 4, name: 'Spring' });
    expect(replaced.previewUrl).not.toBe(banner.previewUrl);
    expect(existsSync(folderOf(banner))).toBe(false);
    expect(existsSync(join(folderOf(replaced), 'index.html'))).toBe(true);

    const refused = await replace(banner.id, await image('png', 301, 250));
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['file']);
    expect((await get(banner.id)).body.data.banner.previewUrl).toBe(replaced.previewUrl);
  });

  it('approves at once for a trusted advertiser, by nobody', async () => {
    await trust(shopId, true);
    try {
      const banner = await newBanner();
      expect(banner).toMatchObject({ status: 'approved', reviewedBy: null });
      expect(banner.reviewedAt).not.toBeNull();
      const moved = await put(banner.id, { name: 'Spring', landingUrl: `${ok}?v=2` });
      expect(moved.body.data.banner.status).toBe('approved');
      expect((await replace(banner.id, await image('gif', 300, 250))).body.data.banner.status).toBe(
        'approved',
      );
    } finally {
      await trust(shopId, false);
    }
  });

  it('archives (then nothing can be edited) and restores to review', async () => {
    const banner = await newBanner();
    await review(banner.id, 'approved');
    const archived = await setStatus(banner.id, 'archived');
    expect(archived.status).toBe(200);
    expect(archived.body.data.banner.status).toBe('archived');
    const edit = await put(banner.id, { name: 'Again', landingUrl: ok });
    expect(edit.status).toBe(422);
    expect(edit.body.message).toBe(bannerMessages.notEditable);
    const file = await replace(banner.id, await image('png', 300, 250));
    expect(file.status).toBe(422);
    expect(file.body.message).toBe(bannerMessages.notEditable);
    expect(existsSync(folderOf(banner))).toBe(true);

    const restored = await setStatus(banner.id, 'pending');
    expect(restored.body.data.banner).toMatchObject({ status: 'pending', reviewedAt: null });
    // Resubmitting a pending one changes nothing; a rejected one goes back to review.
    expect((await setStatus(banner.id, 'pending')).body.data.banner.status).toBe('pending');
    await review(banner.id, 'rejected');
    expect((await setStatus(banner.id, 'pending')).body.data.banner).toMatchObject({
      status: 'pending',
      rejectionReason: null,
    });
    const wrong = await setStatus(banner.id, 'approved');
    expect(wrong.status).toBe(422);
  });

  it('keeps every change in the activity log with before and after', async () => {
    const banner = await newBanner(tokens.advertiser, 'Logged');
    await put(banner.id, { name: 'Logged 2', landingUrl: ok });
    await setStatus(banner.id, 'archived');
    await setStatus(banner.id, 'archived');
    const rows = await logsOf(t, 'banner', banner.id);
    expect(rows.map((row) => row.event)).toEqual(['created', 'updated', 'updated']);
    expect(rows.every((row) => row.advertiserId === shopId && row.agencyId !== null)).toBe(true);
    expect(rows[0]?.changes).toMatchObject({
      before: null,
      after: { name: 'Logged', status: 'pending', type: 'image' },
    });
    expect(rows[1]?.changes).toEqual({ before: { name: 'Logged' }, after: { name: 'Logged 2' } });
    expect(rows[2]?.changes).toEqual({ before: { status: 'pending' }, after: { status: 'archived' } });
  });
});

describe('isolation', () => {
  it('answers another advertiser’s banner with 404, as a missing one, on every id route', async () => {
    const theirs = await newBanner(tokens.solo, 'Not yours');
    const missing = 999_999;
    for (const id of [theirs.id, missing]) {
      const read = await get(id);
      expect(read.status).toBe(404);
      expect(read.body).toEqual({ message: messages.notFound, code: 404, error: 'common.not_found' });
      expect((await put(id, { name: 'Mine', landingUrl: ok })).status).toBe(404);
      expect((await setStatus(id, 'archived')).status).toBe(404);
      expect((await replace(id, await image('png', 300, 250))).status).toBe(404);
    }
    const after = await get(theirs.id, tokens.solo);
    expect(after.body.data.banner).toMatchObject({
      name: 'Not yours',
      status: 'pending',
      previewUrl: theirs.previewUrl,
    });
  });

  it('refuses forged advertiser-id headers, agency users and admins (403)', async () => {
    const forged = await t.call({
      method: 'GET',
      url: '/api/advertiser/banners',
      token: tokens.advertiser,
      headers: { 'advertiser-id': String(soloId) },
    });
    expect(forged.status).toBe(403);
    for (const token of [tokens.agency, tokens.admin]) {
      const res = await t.call({
        method: 'GET',
        url: '/api/advertiser/banners',
        token,
        headers: { 'advertiser-id': String(shopId) },
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(messages.forbidden);
    }
    const upload403 = await upload(t, {
      token: tokens.agency,
      content: await image('png', 300, 250),
      fields: { landingUrl: ok },
    });
    expect(upload403.status).toBe(403);
  });

  it('lets an agency user work as its advertiser through "log in as", in the advertiser’s name', async () => {
    const session = await t.call({
      method: 'POST',
      url: `/api/agency/advertisers/${shopId}/auth`,
      token: tokens.agency,
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const asShop = session.body.data.authToken as string;
    const banner = await newBanner(asShop, 'By the agency');
    expect(banner.advertiserId).toBe(shopId);
    const [row] = await logsOf(t, 'banner', banner.id);
    expect(row?.impersonatorAccountId).not.toBeNull();
  });

  it('needs banners permissions: read to list, write to change', async () => {
    const viewer = await activatedUser(t, tokens.admin, 'advertiser', shopId, {
      email: 'viewer@shop.example.com',
      role: 'viewer',
    });
    expect(
      (await t.call({ method: 'GET', url: '/api/advertiser/banners', token: viewer.token })).status,
    ).toBe(200);
    const res = await upload(t, {
      token: viewer.token,
      content: await image('png', 300, 250),
      fields: { landingUrl: ok },
    });
    expect(res.status).toBe(403);
  });
});

describe('the admin’s reads', () => {
  it('lists every advertiser’s banners, or one advertiser’s, and reads any', async () => {
    const mine = await newBanner(tokens.advertiser, 'Shop banner');
    const solos = await newBanner(tokens.solo, 'Solo banner');
    const list = async (query: string) =>
      (await t.call({ method: 'GET', url: `/api/admin/banners${query}`, token: tokens.admin })).body.data
        .banners.elements as BannerBody[];
    const everyone = (await list('?perPage=100')).map((banner) => banner.id);
    expect(everyone).toEqual(expect.arrayContaining([mine.id, solos.id]));
    const solo = await list(`?advertiserId=${soloId}&perPage=100`);
    expect(solo.map((banner) => banner.id)).toContain(solos.id);
    expect(solo.every((banner) => banner.advertiserId === soloId)).toBe(true);
    const one = await t.call({ method: 'GET', url: `/api/admin/banners/${solos.id}`, token: tokens.admin });
    expect(one.body.data.banner).toMatchObject({ id: solos.id, name: 'Solo banner' });
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/banners/999999', token: tokens.admin })).status,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/banners', token: tokens.advertiser })).status,
    ).toBe(403);
  });
});
