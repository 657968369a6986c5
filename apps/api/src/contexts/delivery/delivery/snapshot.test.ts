import { randomUUID } from 'node:crypto';
import {
  advertisers,
  audiences,
  banners,
  campaigns,
  currencyRates,
  demoAccounts,
  statsCampaignDaily,
} from '@rtb/db';
import { OutcomeHistoryCache } from '@rtb/delivery';
import { postSpend } from '@rtb/ledger';
import { type CampaignGoal, configKeys, type DynamicTemplate, defaultBannerSizes } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  addDays,
  createCampaign,
  insertBanner,
  insertStats,
  todayOf,
  validCampaign,
} from '../../campaigns/campaigns/test-helpers';
import { postEntries } from '../../organisations/organisations/test-helpers';
import { organisationId } from '../../organisations/organisations/test-users';
import { loadDeliverySnapshot } from './service';

/** Micro-units of one minor unit of PLN and EUR (2 decimals). */
const MICROS = 10_000;

let t: TestApp;
let shop: string;
let solo: string;
let shopId: number;
let soloId: number;
let today: string;
let shopBanner: number;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  shopId = await organisationId(t, 'advertiser', 'Demo Shop');
  soloId = await organisationId(t, 'advertiser', 'Solo Store');
  today = await todayOf(t, shopId);
  shopBanner = await insertBanner(t, shopId, 'approved');
  await postEntries(
    t,
    { advertiserId: shopId },
    'balance',
    await t.referenceId('currencies', 'PLN'),
    [500_000],
  );
  await postEntries(
    t,
    { advertiserId: soloId },
    'balance',
    await t.referenceId('currencies', 'EUR'),
    [1_000],
  );
});
afterAll(() => t.close());

async function activeCampaign(token: string, body: Parameters<typeof validCampaign>[1]) {
  const { id } = await createCampaign(t, token, validCampaign(today, body));
  const res = await t.call({
    method: 'PUT',
    url: `/api/advertiser/campaigns/${id}/status`,
    token,
    payload: { status: 'active' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return id;
}

/** Impressions of the campaign today: 1% clicked (or `clickShare`), 5% of clicks ordered, orders of 200 zł. */
async function insertHistory(campaignId: number, impressions: number, clickShare = 0.01) {
  await t.database.db.insert(statsCampaignDaily).values({
    day: today,
    advertiserId: shopId,
    campaignId,
    impressions,
    clicks: impressions * clickShare,
    clickConversions: impressions / 2_000,
    conversionValueMinor: (impressions / 2_000) * 20_000,
  });
}

const snapshot = (advertiserIds?: number[]) =>
  loadDeliverySnapshot(t.deps, { now: new Date(), ...(advertiserIds ? { advertiserIds } : {}) });

describe('loadDeliverySnapshot', () => {
  it('converts a campaign to micro-units with the margin, the agency commission and the advertiser domain', async () => {
    const id = await activeCampaign(shop, {
      bannerIds: [shopBanner],
      frequencyCap: { count: 3, period: 'day' },
      countries: ['PL'],
    });
    const campaign = (await snapshot()).campaigns.find((c) => c.id === id);
    expect(campaign).toMatchObject({
      advertiserId: shopId,
      currency: 'PLN',
      currencyMinorUnits: 2,
      timeZone: 'Europe/Warsaw',
      startDate: today,
      endDate: null,
      totalBudgetMicros: 100_000 * MICROS,
      dailyBudgetMicros: 5_000 * MICROS,
      maxCpmMicros: 250 * MICROS,
      frequencyCap: { count: 3, period: 'day' },
      countries: ['PL'],
      advertiserDomain: 'demo-shop.example.com',
      categories: ['IAB22'],
      marginBps: 2000,
      commissionBps: 1500,
    });
    expect(campaign?.banners).toEqual([expect.objectContaining({ id: shopBanner, width: 300, height: 250 })]);
  });

  it('serves an approved dynamic banner in every allowed size, with its template and its shop', async () => {
    const template: DynamicTemplate = {
      layout: 'trio',
      backgroundColour: '#ffffff',
      textColour: '#111111',
      accentColour: '#e01010',
      callToAction: 'Shop now',
    };
    const [row] = await t.database.db
      .insert(banners)
      .values({
        advertiserId: shopId,
        name: 'Products',
        type: 'dynamic',
        status: 'approved',
        width: 200,
        height: 80,
        mimeType: 'image/png',
        fileSize: 999,
        landingUrl: 'https://demo-shop.example.com/',
        assetKey: randomUUID(),
        assetEntry: 'logo.png',
        template,
      })
      .returning();
    const dynamic = row as typeof banners.$inferSelect;
    const id = await activeCampaign(shop, { bannerIds: [shopBanner, dynamic.id] });
    const bannersOf = async () =>
      (await snapshot()).campaigns.find((c) => c.id === id)?.banners.filter((b) => b.id === dynamic.id);
    const expected = (size: string) => {
      const [width, height] = size.split('x').map(Number);
      return {
        id: dynamic.id,
        type: 'dynamic',
        width,
        height,
        assetKey: dynamic.assetKey,
        assetEntry: 'logo.png',
        landingUrl: 'https://demo-shop.example.com/',
        // Demo Shop's website is in Polish first.
        dynamic: { template, shopName: 'Demo Shop', locale: 'pl' },
      };
    };
    expect(await bannersOf()).toEqual(defaultBannerSizes.map(expected));
    const campaign = (await snapshot()).campaigns.find((c) => c.id === id);
    expect(campaign?.banners.find((b) => b.id === shopBanner)).toMatchObject({
      type: 'image',
      dynamic: null,
    });

    await t.deps.settings.set(t.database.db, configKeys.bannerSizes, '160x600, 320x50');
    try {
      expect(await bannersOf()).toEqual(['160x600', '320x50'].map(expected));
    } finally {
      await t.deps.settings.set(t.database.db, configKeys.bannerSizes, defaultBannerSizes.join(','));
    }
    await t.database.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, id));
  });

  it('gives an advertiser without an agency no commission, and one whose website is not a domain none', async () => {
    // A website is part of the billing data, so a serving advertiser always has one.
    await t.database.db
      .update(advertisers)
      .set({ websiteUrl: 'http://localhost:8080/shop' })
      .where(eq(advertisers.id, soloId));
    const banner = await insertBanner(t, soloId, 'approved');
    const id = await activeCampaign(solo, { bannerIds: [banner], totalBudget: null });
    const campaign = (await snapshot()).campaigns.find((c) => c.id === id);
    expect(campaign).toMatchObject({
      currency: 'EUR',
      commissionBps: 0,
      advertiserDomain: null,
      totalBudgetMicros: null,
      frequencyCap: null,
    });
    await t.database.db
      .update(advertisers)
      .set({ websiteUrl: 'https://solo-store.example.com' })
      .where(eq(advertisers.id, soloId));
  });

  it("gives each campaign its audiences' rules; a deleted audience or another advertiser's never matches", async () => {
    const audience = async (
      advertiserId: number,
      rule: 'buyers' | 'product_type_viewers',
      lookbackDays = 30,
    ) => {
      const [row] = await t.database.db
        .insert(audiences)
        .values({
          advertiserId,
          name: `${rule} ${lookbackDays}`,
          rule,
          productType: rule === 'product_type_viewers' ? 'Home > Garden' : null,
          lookbackDays,
        })
        .returning({ id: audiences.id });
      return row?.id as number;
    };
    const garden = await audience(shopId, 'product_type_viewers', 14);
    const buyers = await audience(shopId, 'buyers');
    const deleted = await audience(shopId, 'buyers', 7);
    const solos = await audience(soloId, 'buyers');
    const id = await activeCampaign(shop, {
      bannerIds: [shopBanner],
      audienceIncludeIds: [garden, deleted],
      audienceExcludeIds: [buyers],
    });
    const plain = await activeCampaign(shop, { bannerIds: [shopBanner] });
    await t.database.db.delete(audiences).where(eq(audiences.id, deleted));
    const byId = async (campaignId: number) => (await snapshot()).campaigns.find((c) => c.id === campaignId);
    expect(await byId(id)).toMatchObject({
      includeAudiences: [
        { id: garden, rule: 'product_type_viewers', productType: 'Home > Garden', lookbackDays: 14 },
      ],
      excludeAudiences: [{ id: buyers, rule: 'buyers', productType: null, lookbackDays: 30 }],
    });
    expect(await byId(plain)).toMatchObject({ includeAudiences: null, excludeAudiences: [] });
    // Written past the form's check: another advertiser's audience is dropped, so no one is left to include.
    await t.database.db
      .update(campaigns)
      .set({ audienceIncludeIds: [solos], audienceExcludeIds: [solos] })
      .where(eq(campaigns.id, id));
    expect(await byId(id)).toMatchObject({ includeAudiences: [], excludeAudiences: [] });
    await t.database.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, id));
  });

  it("gives an outcome goal its campaign's own rates once it has plenty, and bids at most 5 times their value, or its ceiling", async () => {
    const body = (goal: CampaignGoal, maxCpm: number | null) => ({
      bannerIds: [shopBanner],
      goal,
      maxCpm,
    });
    const cpa = await activeCampaign(shop, body({ kind: 'targetCpa', targetCpaMicros: 20_000_000 }, null));
    const capped = await activeCampaign(shop, body({ kind: 'targetCpa', targetCpaMicros: 20_000_000 }, 500));
    const roas = await activeCampaign(shop, body({ kind: 'targetRoas', targetRoasBps: 40_000 }, null));
    // Each bought 10,000,000 impressions lately: 1% clicked, 5% of clicks ordered, orders of 200 zł.
    for (const campaignId of [cpa, capped, roas]) await insertHistory(campaignId, 10_000_000);
    const served = new Map((await snapshot([shopId])).campaigns.map((c) => [c.id, c]));
    const within = (micros: number | undefined, expected: number) =>
      expect(Math.abs((micros ?? 0) - expected) / expected).toBeLessThan(0.01);
    for (const id of [cpa, capped, roas]) {
      const priors = served.get(id)?.outcome?.priors;
      within(priors?.clickProbability, 0.01);
      within(priors?.conversionProbability, 0.05);
      within(priors?.orderValueMicros, 200_000_000);
    }
    expect(served.get(cpa)?.outcome?.goal).toEqual({
      kind: 'targetCpa',
      targetCpaMicros: 20_000_000,
      ceilingCpmMicros: null,
    });
    // 20 zł a conversion x 1% x 5% = 0.01 zł an impression: 10 zł per thousand, 5 times that at most.
    within(served.get(cpa)?.maxCpmMicros, 50_000_000);
    expect(served.get(capped)?.maxCpmMicros).toBe(5_000_000);
    // 200 zł an order x 1% x 5% at a ROAS of 400%: 0.025 zł an impression, 25 zł per thousand.
    within(served.get(roas)?.maxCpmMicros, 125_000_000);
  });

  it('reads the histories through a cache for 5 minutes, then again', async () => {
    const cpa = await activeCampaign(shop, {
      bannerIds: [shopBanner],
      goal: { kind: 'targetCpc', targetCpcMicros: 1_000_000 },
      maxCpm: null,
    });
    const cache = new OutcomeHistoryCache();
    const now = Date.now();
    const clickRate = async (minutes: number) => {
      const served = await loadDeliverySnapshot(t.deps, {
        now: new Date(now + minutes * 60_000),
        advertiserIds: [shopId],
        histories: cache,
      });
      return served.campaigns.find((c) => c.id === cpa)?.outcome?.priors.clickProbability ?? 0;
    };
    const before = await clickRate(0);
    // 5% of a million clicked: the campaign's rate moves off the platform's (about 1%) once read.
    await insertHistory(cpa, 1_000_000, 0.05);
    expect(await clickRate(4)).toBe(before);
    expect(await clickRate(5)).toBeGreaterThan(0.04);
  });

  it('leaves out campaigns that cannot serve: paused, without an approved banner, of an unverified advertiser', async () => {
    const paused = await activeCampaign(shop, { bannerIds: [shopBanner] });
    await t.call({
      method: 'PUT',
      url: `/api/advertiser/campaigns/${paused}/status`,
      token: shop,
      payload: { status: 'paused' },
    });
    const pending = await activeCampaign(shop, { bannerIds: [await insertBanner(t, shopId, 'pending')] });
    const soloBanner = await insertBanner(t, soloId, 'approved');
    const soloCampaign = await activeCampaign(solo, { bannerIds: [soloBanner] });
    const before = await snapshot();
    expect(before.campaigns.map((c) => c.id)).toContain(soloCampaign);
    expect(before.funds.has(soloId)).toBe(true);

    await t.database.db
      .update(advertisers)
      .set({ statusVerification: 'pending' })
      .where(eq(advertisers.id, soloId));
    const after = await snapshot();
    const ids = after.campaigns.map((c) => c.id);
    for (const left of [paused, pending, soloCampaign]) expect(ids).not.toContain(left);
    expect(after.campaigns.some((c) => c.advertiserId === soloId)).toBe(false);
    expect(after.funds.has(soloId)).toBe(false);
    await t.database.db
      .update(advertisers)
      .set({ statusVerification: 'verified' })
      .where(eq(advertisers.id, soloId));
  });

  it('counts funds with the available credit and without the spend accrued but not posted', async () => {
    await activeCampaign(shop, { bannerIds: [shopBanner] });
    // 1,234,567 micro-units: 123 minor units posted, 4,567 micro-units accrued.
    const outcome = await inTransaction(t.deps, (tx) =>
      postSpend(tx.db, {
        advertiserId: shopId,
        mediaMicros: 1_234_567,
        marginMicros: 0,
        commissionMicros: 0,
        reference: 'snapshot-test',
      }),
    );
    expect(outcome).toMatchObject({ counted: true, charged: 123, unpostedMicros: 4_567 });
    expect((await snapshot()).funds.get(shopId)).toBe((500_000 - 123) * MICROS - 4_567);

    await t.database.db
      .update(advertisers)
      .set({ useCreditLimit: true, creditLimit: 10_000 })
      .where(eq(advertisers.id, shopId));
    expect((await snapshot()).funds.get(shopId)).toBe((500_000 - 123 + 10_000) * MICROS - 4_567);
    await t.database.db
      .update(advertisers)
      .set({ useCreditLimit: false, creditLimit: 0 })
      .where(eq(advertisers.id, shopId));
  });

  it("counts each campaign's spend today (its advertiser's day), tomorrow's already counted, and in its life", async () => {
    const id = await activeCampaign(shop, { bannerIds: [shopBanner] });
    await insertStats(t, id, addDays(today, -1), { spendMicros: 7_000_000 });
    await insertStats(t, id, today, { spendMicros: 2_000_000 });
    await insertStats(t, id, addDays(today, 1), { spendMicros: 30_000 });
    expect((await snapshot()).spend.get(id)).toEqual({
      todayMicros: 2_000_000,
      tomorrowMicros: 30_000,
      totalMicros: 9_030_000,
      today,
    });
  });

  it("loads only the named advertisers' campaigns and funds", async () => {
    const soloBanner = await insertBanner(t, soloId, 'approved');
    await activeCampaign(solo, { bannerIds: [soloBanner] });
    const onlyShop = await snapshot([shopId]);
    expect(onlyShop.campaigns.length).toBeGreaterThan(0);
    expect(new Set(onlyShop.campaigns.map((c) => c.advertiserId))).toEqual(new Set([shopId]));
    expect([...onlyShop.funds.keys()]).toEqual([shopId]);
    expect((await snapshot([])).campaigns).toEqual([]);
  });

  it('gives each currency its latest rate valid today as an exact bigint, and the base currency 1', async () => {
    const eur = await t.referenceId('currencies', 'EUR');
    const utcToday = new Date().toISOString().slice(0, 10);
    await t.database.db.insert(currencyRates).values([
      { currencyId: eur, rate: '4.10000000', validFrom: addDays(utcToday, -30) },
      { currencyId: eur, rate: '4.31234567', validFrom: utcToday },
      { currencyId: eur, rate: '9.99999999', validFrom: addDays(utcToday, 2) },
    ]);
    const { rates, baseCurrency } = await snapshot();
    expect(baseCurrency).toBe('PLN');
    expect(rates.get('PLN')).toBe(100_000_000n);
    expect(rates.get('EUR')).toBe(431_234_567n);
  });
});
