import { agencies, banners, campaignBanners, campaigns, demoAccounts } from '@rtb/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { advertiserIdOf, insertBanner } from './test-helpers';

let t: TestApp;
let admin: string;
let demoShop: number;
let solo: number;
let agencyId: number;
const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 9, minute));

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  demoShop = await advertiserIdOf(t.database.db, 'Demo Shop');
  solo = await advertiserIdOf(t.database.db, 'Solo Store');
  const [agency] = await t.database.db.select().from(agencies).where(eq(agencies.name, 'Demo Agency'));
  agencyId = agency?.id as number;
});
afterAll(() => t.close());

type Item = { id: number; name: string; status: string };

const queue = async (query = '') => {
  const res = await t.call({ method: 'GET', url: `/api/admin/banners/review?${query}`, token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.banners as {
    elements: Item[];
    meta: { total: number; page: number; lastPage: number };
  };
};
const names = (list: { elements: Item[] }) => list.elements.map((banner) => banner.name);

describe('GET /api/admin/banners/review', () => {
  let springId: number;
  beforeAll(async () => {
    const db = t.database.db;
    // Inserted out of order: the queue follows submission, not insertion.
    await insertBanner(db, { advertiserId: solo, name: 'Solo leaderboard', submittedAt: at(30) });
    const spring = await insertBanner(db, {
      advertiserId: demoShop,
      name: 'Spring sale',
      submittedAt: at(10),
      assetKey: 'a1b2c3',
      assetEntry: 'spring sale.png',
    });
    springId = spring.id;
    await insertBanner(db, { advertiserId: demoShop, name: 'Summer sale', submittedAt: at(20) });
    await insertBanner(db, {
      advertiserId: demoShop,
      name: 'Old approved',
      status: 'approved',
      submittedAt: at(1),
    });
    await insertBanner(db, {
      advertiserId: solo,
      name: 'Old rejected',
      status: 'rejected',
      rejectionReason: 'poor_quality',
      submittedAt: at(2),
    });
    await insertBanner(db, { advertiserId: solo, name: 'Archived', status: 'archived', submittedAt: at(3) });
    const [campaign] = await db
      .insert(campaigns)
      .values({
        advertiserId: demoShop,
        name: 'Spring',
        startDate: '2025-03-01',
        maxCpm: 500,
        dailyBudget: 10_000,
      })
      .returning({ id: campaigns.id });
    await db.insert(campaignBanners).values({ campaignId: campaign?.id as number, bannerId: springId });
  });

  it('lists only pending banners, oldest submission first, with the total as the badge count', async () => {
    const list = await queue();
    expect(names(list)).toEqual(['Spring sale', 'Summer sale', 'Solo leaderboard']);
    expect(list.meta).toEqual({ page: 1, perPage: 25, total: 3, lastPage: 1 });
  });

  it('describes each banner with its preview, campaigns and advertiser', async () => {
    const [spring, , soloItem] = (await queue()).elements as unknown as Record<string, unknown>[];
    expect(spring).toEqual({
      id: springId,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      advertiserId: demoShop,
      name: 'Spring sale',
      type: 'image',
      status: 'pending',
      width: 300,
      height: 250,
      mimeType: 'image/png',
      fileSize: 12_345,
      animated: false,
      fileCount: null,
      landingUrl: 'https://shop.example.com/spring',
      previewUrl: '/creatives/a1b2c3/spring%20sale.png',
      template: null,
      rejectionReason: null,
      rejectionNote: null,
      reviewedAt: null,
      reviewedBy: null,
      updatedBy: null,
      campaignCount: 1,
      advertiser: {
        id: demoShop,
        name: 'Demo Shop',
        code: 'DEMO-SHOP',
        agency: { id: agencyId, name: 'Demo Agency' },
        creativesTrusted: false,
      },
      submittedAt: '2025-03-01 09:10:00',
    });
    expect(soloItem).toMatchObject({
      campaignCount: 0,
      advertiser: { id: solo, name: 'Solo Store', code: 'SOLO-STORE', agency: null },
    });
  });

  it('searches by banner name, advertiser name and advertiser code', async () => {
    expect(names(await queue('search=summer'))).toEqual(['Summer sale']);
    expect(names(await queue('search=solo store'))).toEqual(['Solo leaderboard']);
    expect(names(await queue('search=demo-shop'))).toEqual(['Spring sale', 'Summer sale']);
    // Only the queue is searched: a decided banner is not found by its name.
    expect((await queue('search=old')).meta.total).toBe(0);
    // LIKE's wildcards are taken literally.
    expect((await queue('search=%25')).meta.total).toBe(0);
  });

  it('pages the queue', async () => {
    const second = await queue('page=2&perPage=2');
    expect(names(second)).toEqual(['Solo leaderboard']);
    expect(second.meta).toMatchObject({ page: 2, total: 3, lastPage: 2 });
  });

  it('answers 422 on a bad page and a too long search', async () => {
    const bad = await t.call({ method: 'GET', url: '/api/admin/banners/review?page=0', token: admin });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['page']);
    const long = await t.call({
      method: 'GET',
      url: `/api/admin/banners/review?search=${'x'.repeat(201)}`,
      token: admin,
    });
    expect(long.status).toBe(422);
  });

  it('a rejected banner sent back to review comes back in the queue by its new submission time', async () => {
    const rejected = await insertBanner(t.database.db, {
      advertiserId: demoShop,
      name: 'Fixed banner',
      status: 'rejected',
      rejectionReason: 'landing_page_broken',
      rejectionNote: 'The page answers 404.',
      submittedAt: at(0),
    });
    expect(names(await queue())).not.toContain('Fixed banner');
    // What the banners module does when the advertiser fixes it: pending again, submitted now.
    await t.database.db
      .update(banners)
      .set({ status: 'pending', rejectionReason: null, submittedAt: at(40) })
      .where(eq(banners.id, rejected.id));
    const list = await queue();
    expect(names(list)).toEqual(['Spring sale', 'Summer sale', 'Solo leaderboard', 'Fixed banner']);
    expect(list.meta.total).toBe(4);
  });
});
