import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { advertisers, banners } from '@rtb/db';
import {
  bannerMessages,
  bannerResponse,
  bannerReviewQueueResponse,
  dynamicBannerMessages,
  messages,
} from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { logsOf } from '../../identity/users/test-helpers';
import { demoTokens, multipart } from '../../support/support/test-helpers';
import { type BannerBody, html5Zip, image, landingSite, upload, uploaded } from './test-helpers';

let t: TestApp;
let site: Awaited<ReturnType<typeof landingSite>>;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
let ok: string;
let shopId: number;

/** As the advertiser types it; the API keeps colours in lower case. */
const template = {
  layout: 'trio',
  backgroundColour: '#FFFFFF',
  textColour: '#1A1A1A',
  accentColour: '#E01010',
  callToAction: 'Shop now',
};
const stored = { ...template, backgroundColour: '#ffffff', textColour: '#1a1a1a', accentColour: '#e01010' };

const trust = (creativesTrusted: boolean) =>
  t.database.db.update(advertisers).set({ creativesTrusted }).where(eq(advertisers.id, shopId));

beforeAll(async () => {
  site = await landingSite();
  t = await createTestApp({ demo: true, config: { urlVerifyAllowPrivate: true } });
  tokens = await demoTokens(t);
  ok = `${site.base}/ok`;
  const [shop] = await t.database.db
    .select({ id: advertisers.id })
    .from(advertisers)
    .where(eq(advertisers.name, 'Demo Shop'));
  shopId = shop?.id as number;
});
afterAll(async () => {
  await t.close();
  await site.close();
});

const logo = (width = 200, height = 80) => image('png', width, height);

/** POSTs a dynamic banner: the logo (a 200x80 PNG unless given) and the template's fields. */
async function create(
  options: { content?: Buffer; fields?: Record<string, string>; token?: string; filename?: string } = {},
) {
  return upload(t, {
    token: options.token ?? tokens.advertiser,
    url: '/api/advertiser/banners/dynamic',
    content: options.content ?? (await logo()),
    filename: options.filename ?? 'shop-logo.png',
    fields: { name: 'Products', landingUrl: ok, ...template, ...options.fields },
  });
}
const created = async (options: Parameters<typeof create>[0] = {}) => {
  const res = await create(options);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.banner as BannerBody;
};
const putTemplate = (id: number, payload: object, token = tokens.advertiser) =>
  t.call({ method: 'PUT', url: `/api/advertiser/banners/${id}/template`, token, payload });
const replace = (id: number, content: Buffer, token = tokens.advertiser) =>
  upload(t, { token, content, url: `/api/advertiser/banners/${id}/file` });
const approve = async (id: number) =>
  t.database.db.update(banners).set({ status: 'approved', reviewedAt: new Date() }).where(eq(banners.id, id));

async function expectFileError(res: Awaited<ReturnType<typeof create>>, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.errors).toEqual({ file: [message] });
}

describe('POST /api/advertiser/banners/dynamic', () => {
  it('takes a logo and a template: pending review, the logo’s pixels, served from its own path', async () => {
    const content = await logo(200, 80);
    const res = await create({ content, fields: { name: 'Feed products' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(bannerResponse.safeParse(res.body).success).toBe(true);
    const banner = res.body.data.banner as BannerBody;
    expect(banner).toMatchObject({
      name: 'Feed products',
      type: 'dynamic',
      status: 'pending',
      width: 200,
      height: 80,
      mimeType: 'image/png',
      fileSize: content.length,
      animated: false,
      fileCount: null,
      landingUrl: ok,
      template: stored,
      advertiserId: shopId,
      reviewedAt: null,
    });
    expect(banner.previewUrl).toMatch(/^\/creatives\/[0-9a-f]{32}\/logo\.png$/);
    const key = banner.previewUrl.split('/')[2] as string;
    expect(await readFile(join(t.deps.config.dataDir, 'creatives', key, 'logo.png'))).toEqual(content);
    const served = await t.app.inject({ method: 'GET', url: banner.previewUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(content);

    const [log] = await logsOf(t, 'banner', banner.id);
    expect(log?.changes).toMatchObject({
      before: null,
      after: { type: 'dynamic', status: 'pending', name: 'Feed products', ...stored },
    });
  });

  it('is approved at once for an advertiser whose creatives are trusted', async () => {
    await trust(true);
    try {
      const banner = await created();
      expect(banner.status).toBe('approved');
      expect(banner.reviewedAt).not.toBeNull();
    } finally {
      await trust(false);
    }
  });

  it('takes any logo from 16 to 4000 pixels a side, in any image format; refuses smaller and larger', async () => {
    expect(await created({ content: await image('webp', 16, 4000) })).toMatchObject({
      width: 16,
      height: 4000,
      mimeType: 'image/webp',
    });
    expect((await created({ content: await image('jpeg', 123, 45) })).previewUrl).toMatch(/\/logo\.jpg$/);
    await expectFileError(
      await create({ content: await logo(15, 40) }),
      'The logo is 15x40; each side must be 16 to 4000 pixels.',
    );
    await expectFileError(
      await create({ content: await logo(4001, 20) }),
      'The logo is 4001x20; each side must be 16 to 4000 pixels.',
    );
  });

  it('refuses an HTML5 ZIP, an SVG or an unreadable image as a logo, and a request without one', async () => {
    await expectFileError(
      await create({ content: html5Zip(), filename: 'logo.zip' }),
      bannerMessages.logoFormat,
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"></svg>');
    await expectFileError(await create({ content: svg, filename: 'logo.png' }), bannerMessages.logoFormat);
    const cut = (await logo()).subarray(0, 60);
    await expectFileError(await create({ content: cut }), bannerMessages.unreadableImage);

    const form = await multipart({ name: 'No logo', landingUrl: ok, ...template });
    const none = await t.call({
      method: 'POST',
      url: '/api/advertiser/banners/dynamic',
      token: tokens.advertiser,
      ...form,
    });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ file: [bannerMessages.fileRequired] });
  });

  it('refuses a logo over banner_max_file_kb', async () => {
    const big = Buffer.concat([await logo(), Buffer.alloc(513_000)]);
    await expectFileError(await create({ content: big }), 'The file is larger than 500 KB.');
  });

  it('checks the template’s fields and the landing page, naming the fields', async () => {
    const colour = await create({ fields: { backgroundColour: 'white', accentColour: '#12345' } });
    expect(colour.status).toBe(422);
    expect(colour.body.errors).toEqual({
      backgroundColour: [dynamicBannerMessages.colourInvalid],
      accentColour: [dynamicBannerMessages.colourInvalid],
    });
    const rest = await create({ fields: { layout: 'grid', callToAction: 'x'.repeat(21), name: ' ' } });
    expect(rest.status).toBe(422);
    expect(Object.keys(rest.body.errors).sort()).toEqual(['callToAction', 'layout', 'name']);
    expect(rest.body.errors.callToAction).toEqual([dynamicBannerMessages.callToActionLength]);
    const gone = await create({ fields: { landingUrl: `${site.base}/gone` } });
    expect(gone.status).toBe(422);
    expect(gone.body.errors).toEqual({ landingUrl: [messages.urlErrorStatus(404)] });
  });
});

describe('PUT /api/advertiser/banners/:id/template', () => {
  it('changes nothing for the same template (an approved banner stays approved)', async () => {
    const banner = await created();
    await approve(banner.id);
    const logs = (await logsOf(t, 'banner', banner.id)).length;
    const res = await putTemplate(banner.id, template);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(bannerResponse.safeParse(res.body).success).toBe(true);
    expect(res.body.data.banner).toMatchObject({ status: 'approved', template: stored });
    expect(await logsOf(t, 'banner', banner.id)).toHaveLength(logs);
  });

  it('sends a changed template back to review, logging the fields that changed', async () => {
    const banner = await created();
    await approve(banner.id);
    const res = await putTemplate(banner.id, { ...template, backgroundColour: '#000000', layout: 'single' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.banner).toMatchObject({
      status: 'pending',
      reviewedAt: null,
      template: { ...stored, backgroundColour: '#000000', layout: 'single' },
      previewUrl: banner.previewUrl,
    });
    const log = (await logsOf(t, 'banner', banner.id)).at(-1);
    expect(log?.changes).toEqual({
      before: { status: 'approved', backgroundColour: '#ffffff', layout: 'trio' },
      after: { status: 'pending', backgroundColour: '#000000', layout: 'single' },
    });
  });

  it('keeps a trusted advertiser’s changed banner approved', async () => {
    await trust(true);
    try {
      const banner = await created();
      const res = await putTemplate(banner.id, { ...template, callToAction: 'Buy' });
      expect(res.body.data.banner).toMatchObject({ status: 'approved', template: { callToAction: 'Buy' } });
    } finally {
      await trust(false);
    }
  });

  it('refuses another type of banner, an archived one and a bad template', async () => {
    const picture = await uploaded(t, {
      token: tokens.advertiser,
      content: await image('png', 300, 250),
      fields: { landingUrl: ok },
    });
    const notDynamic = await putTemplate(picture.id, template);
    expect(notDynamic.status).toBe(422);
    expect(notDynamic.body).toEqual({
      message: bannerMessages.notDynamic,
      code: 422,
      error: 'banners.not_dynamic',
    });
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/api/advertiser/banners/${picture.id}`,
          token: tokens.advertiser,
        })
      ).body.data.banner.template,
    ).toBeNull();

    const banner = await created();
    const bad = await putTemplate(banner.id, { ...template, textColour: 'red', callToAction: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      textColour: [dynamicBannerMessages.colourInvalid],
      callToAction: [dynamicBannerMessages.callToActionLength],
    });
    await t.call({
      method: 'PUT',
      url: `/api/advertiser/banners/${banner.id}/status`,
      token: tokens.advertiser,
      payload: { status: 'archived' },
    });
    const archived = await putTemplate(banner.id, { ...template, callToAction: 'Later' });
    expect(archived.status).toBe(422);
    expect(archived.body.message).toBe(bannerMessages.notEditable);
  });
});

describe('a dynamic banner as any banner', () => {
  it('takes a new logo of any size (not a ZIP), back to review under a new URL, template kept', async () => {
    const banner = await created();
    await approve(banner.id);
    const res = await replace(banner.id, await image('webp', 64, 64));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.banner).toMatchObject({
      type: 'dynamic',
      status: 'pending',
      width: 64,
      height: 64,
      mimeType: 'image/webp',
      template: stored,
    });
    expect(res.body.data.banner.previewUrl).toMatch(/\/logo\.webp$/);
    expect(res.body.data.banner.previewUrl).not.toBe(banner.previewUrl);
    await expectFileError(await replace(banner.id, html5Zip()), bannerMessages.logoFormat);
    await expectFileError(
      await replace(banner.id, await logo(8, 8)),
      'The logo is 8x8; each side must be 16 to 4000 pixels.',
    );
    // An image banner's file still has to be a banner size.
    const picture = await uploaded(t, {
      token: tokens.advertiser,
      content: await image('png', 300, 250),
      fields: { landingUrl: ok },
    });
    expect((await replace(picture.id, await logo(200, 80))).status).toBe(422);
  });

  it('is renamed without review; a new landing page goes back to review', async () => {
    const banner = await created();
    await approve(banner.id);
    const put = (payload: object) =>
      t.call({
        method: 'PUT',
        url: `/api/advertiser/banners/${banner.id}`,
        token: tokens.advertiser,
        payload,
      });
    const renamed = await put({ name: 'Renamed', landingUrl: ok });
    expect(renamed.body.data.banner).toMatchObject({ name: 'Renamed', status: 'approved', template: stored });
    const moved = await put({ name: 'Renamed', landingUrl: `${ok}/sale` });
    expect(moved.body.data.banner).toMatchObject({
      landingUrl: `${ok}/sale`,
      status: 'pending',
      template: stored,
    });
  });

  it('waits in the admins’ review queue with its template, and is approved there', async () => {
    const banner = await created({ fields: { name: 'Queue dynamic 7f3a' } });
    const queue = await t.call({
      method: 'GET',
      url: '/api/admin/banners/review?search=Queue%20dynamic%207f3a',
      token: tokens.admin,
    });
    expect(queue.status).toBe(200);
    expect(bannerReviewQueueResponse.safeParse(queue.body).success).toBe(true);
    expect(queue.body.data.banners.elements).toEqual([
      expect.objectContaining({ id: banner.id, type: 'dynamic', template: stored }),
    ]);
    const reviewed = await t.call({
      method: 'PUT',
      url: `/api/admin/banners/${banner.id}/review`,
      token: tokens.admin,
      payload: { decision: 'approve' },
    });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    expect(reviewed.body.data.banner).toMatchObject({ status: 'approved', template: stored });
  });

  it('is listed with type=dynamic, only the advertiser’s own', async () => {
    const own = await created();
    const solos = await created({ token: tokens.solo });
    const res = await t.call({
      method: 'GET',
      url: '/api/advertiser/banners?type=dynamic&perPage=100',
      token: tokens.advertiser,
    });
    expect(res.status).toBe(200);
    const listed = res.body.data.banners.elements as BannerBody[];
    expect(listed.map((banner) => banner.id)).toContain(own.id);
    expect(listed.map((banner) => banner.id)).not.toContain(solos.id);
    expect(listed.every((banner) => banner.type === 'dynamic' && banner.template !== null)).toBe(true);
  });

  it('is not found by another advertiser, whatever the route', async () => {
    const banner = await created();
    const solo = tokens.solo;
    const url = `/api/advertiser/banners/${banner.id}`;
    expect((await t.call({ method: 'GET', url, token: solo })).status).toBe(404);
    expect((await putTemplate(banner.id, { ...template, layout: 'single' }, solo)).status).toBe(404);
    expect((await replace(banner.id, await logo(), solo)).status).toBe(404);
    expect(
      (await t.call({ method: 'PUT', url, token: solo, payload: { name: 'Taken', landingUrl: ok } })).status,
    ).toBe(404);
    expect((await t.call({ method: 'GET', url, token: tokens.advertiser })).body.data.banner).toMatchObject({
      name: 'Products',
      template: stored,
    });
  });
});
