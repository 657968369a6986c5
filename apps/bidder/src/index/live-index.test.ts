import { randomUUID } from 'node:crypto';
import { audiences, campaignDailyStats, deliveryFoldEffects, demoAccounts } from '@rtb/db';
import { foldEffectsApplied } from '@rtb/delivery';
import { advertiserSpendKey, type CampaignInput, campaignDayKey, campaignTotalKey } from '@rtb/rtb';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCampaign,
  insertBanner,
  insertStats,
  todayOf,
  validCampaign,
} from '../../../api/src/contexts/campaigns/campaigns/test-helpers';
import { postEntries } from '../../../api/src/contexts/organisations/organisations/test-helpers';
import { organisationId } from '../../../api/src/contexts/organisations/organisations/test-users';
import { createTestApp, type TestApp } from '../../../api/src/test/harness';
import { MemoryBudgetStore } from '../budget/memory-budget-store';
import { LiveIndex } from './live-index';

/** Micro-units of one minor unit of PLN. */
const MICROS = 10_000;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

let t: TestApp;
let shop: string;
let shopId: number;
let pln: number;
let today: string;
let banner: number;
let campaignId: number;
let store: MemoryBudgetStore;
let live: LiveIndex<readonly CampaignInput[]>;
/** What the index told of the drift between the store and the database. */
const drift: [string, number][] = [];

const setStatus = (id: number, status: string, token = shop) =>
  t.call({ method: 'PUT', url: `/api/advertiser/campaigns/${id}/status`, token, payload: { status } });

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  shopId = await organisationId(t, 'advertiser', 'Demo Shop');
  pln = await t.referenceId('currencies', 'PLN');
  today = await todayOf(t, shopId);
  banner = await insertBanner(t, shopId, 'approved');
  await postEntries(t, { advertiserId: shopId }, 'balance', pln, [500_000]);
  campaignId = (await createCampaign(t, shop, validCampaign(today, { bannerIds: [banner] }))).id;
  expect((await setStatus(campaignId, 'active')).status).toBe(200);
  await insertStats(t, campaignId, today, { spendMicros: 2_000_000 });
  store = new MemoryBudgetStore();
  live = await LiveIndex.start({
    deps: t.deps,
    database: t.database,
    store,
    buildIndex: (campaigns) => campaigns,
    log: silent,
    watcher: {
      reloaded: () => {},
      reloadFailed: () => {},
      drift: (currency, micros) => drift.push([currency, micros]),
      countersLost: () => {},
    },
  });
});
afterAll(async () => {
  await live?.close();
  await t.close();
});

/** Spend the database commits for the campaign today. */
const addSpend = (micros: number) =>
  t.database.db
    .update(campaignDailyStats)
    .set({ spendMicros: sql`${campaignDailyStats.spendMicros} + ${micros}` })
    .where(and(eq(campaignDailyStats.campaignId, campaignId), eq(campaignDailyStats.day, today)));

const limitOf = (campaign: CampaignInput, key: string) =>
  live.scopesOf(campaign, today)?.find((scope) => scope.key === key)?.limitMicros;
const fundsLimit = (campaign: CampaignInput) => limitOf(campaign, advertiserSpendKey(shopId));

describe('LiveIndex', () => {
  it('starts with every campaign that can serve and its scopes, limits less what the database has spent', async () => {
    const campaign = live.campaign(campaignId);
    expect(campaign).toMatchObject({ advertiserId: shopId, dailyBudgetMicros: 5_000 * MICROS });
    expect(live.index.map((c) => c.id)).toContain(campaignId);
    expect(live.baseCurrency).toBe('PLN');
    expect(live.rates.get('PLN')).toBe(100_000_000n);
    const keys = [
      campaignDayKey(shopId, campaignId, today),
      campaignTotalKey(shopId, campaignId),
      advertiserSpendKey(shopId),
    ];
    const generations = (await store.observe(keys.map((key) => ({ key })))).map((r) => r.generation);
    // The store has settled nothing: the database's 20.00 PLN of today are taken off the budgets.
    expect(live.scopesOf(campaign as CampaignInput, today)).toEqual([
      { key: keys[0], limitMicros: 5_000 * MICROS - 2_000_000, generation: generations[0] },
      { key: keys[1], limitMicros: 100_000 * MICROS - 2_000_000, generation: generations[1] },
      { key: keys[2], limitMicros: 500_000 * MICROS, generation: generations[2] },
    ]);
    expect(live.spentOn(campaign as CampaignInput, today, 0)).toBe(2_000_000);
    expect(live.spentOn(campaign as CampaignInput, today, 500)).toBe(2_000_500);
  });

  it('counts spend the database committed and the store never settled from the next reload', async () => {
    const campaign = live.campaign(campaignId) as CampaignInput;
    const day = campaignDayKey(shopId, campaignId, today);
    const before = limitOf(campaign, day) as number;
    // A notice settled as usual: the store counts it, and so does the database.
    await store.applyFold({
      foldId: randomUUID(),
      advertiserId: shopId,
      deltas: [
        { key: day, micros: 300_000 },
        { key: campaignTotalKey(shopId, campaignId), micros: 300_000 },
      ],
    });
    await addSpend(300_000);
    // One the database committed, whose process died before the store heard of it.
    await addSpend(700_000);
    expect(limitOf(campaign, day)).toBe(before);
    drift.length = 0;
    live.reloadAdvertiser(shopId);
    await live.settled();
    // The settled one counts once (in the store, relative to it); the lost one from the database.
    expect(limitOf(campaign, day)).toBe(before - 700_000);
    expect(live.spentOn(campaign, today, (await store.totals([day]))[0]?.spentMicros ?? 0)).toBe(3_000_000);
    expect(drift).toEqual([['PLN', 700_000]]);
  });

  it("counts a fold once when a reload comes between the fold's commit and its counters", async () => {
    const campaign = live.campaign(campaignId) as CampaignInput;
    const day = campaignDayKey(shopId, campaignId, today);
    const total = campaignTotalKey(shopId, campaignId);
    const keys = [day, total];
    const capacity = async () => {
      const totals = await store.totals(keys);
      return keys.map((key, i) => (limitOf(campaign, key) as number) - (totals[i]?.spentMicros ?? 0));
    };
    const reload = async () => {
      live.reloadAdvertiser(shopId);
      await live.settled();
    };
    await reload();
    const before = await capacity();
    // A fold commits 400,000 of spend (the daily counters and its effects' row) ...
    const fold = {
      foldId: randomUUID(),
      advertiserId: shopId,
      deltas: [
        { key: day, micros: 400_000 },
        { key: total, micros: 400_000 },
      ],
    };
    await addSpend(400_000);
    await t.database.db.insert(deliveryFoldEffects).values(fold);
    // ... and a reload comes before the store has it: the store will count it, not the base.
    await reload();
    expect(await capacity()).toEqual(before);
    await store.applyFold(fold);
    expect(await capacity()).toEqual(before.map((micros) => micros - 400_000));
    // Reloaded with the fold in the store, its row not yet deleted, then deleted: once each time.
    await reload();
    expect(await capacity()).toEqual(before.map((micros) => micros - 400_000));
    await t.database.db.delete(deliveryFoldEffects).where(eq(deliveryFoldEffects.foldId, fold.foldId));
    await reload();
    expect(await capacity()).toEqual(before.map((micros) => micros - 400_000));
    expect(live.spentOn(campaign, today, (await store.totals([day]))[0]?.spentMicros ?? 0)).toBe(
      (
        await t.database.db
          .select({ spend: campaignDailyStats.spendMicros })
          .from(campaignDailyStats)
          .where(and(eq(campaignDailyStats.campaignId, campaignId), eq(campaignDailyStats.day, today)))
      )[0]?.spend,
    );
  });

  it('counts a fold once when the store takes it and its row goes while a reload runs', async () => {
    const campaign = live.campaign(campaignId) as CampaignInput;
    const day = campaignDayKey(shopId, campaignId, today);
    const spent = async () => live.spentOn(campaign, today, (await store.totals([day]))[0]?.spentMicros ?? 0);
    live.reloadAdvertiser(shopId);
    await live.settled();
    const before = await spent();
    const fold = { foldId: randomUUID(), advertiserId: shopId, deltas: [{ key: day, micros: 300_000 }] };
    await addSpend(300_000);
    await t.database.db.insert(deliveryFoldEffects).values(fold);
    // The folder applies the fold and marks its row just after the reload observed the counters,
    // before the reload reads the database (a CI run of redis-restart.test.ts met this).
    const observe = store.observe.bind(store);
    store.observe = async (keys) => {
      const readings = await observe(keys);
      store.observe = observe;
      await store.applyFold(fold);
      await foldEffectsApplied(t.deps, [fold]);
      return readings;
    };
    live.reloadAdvertiser(shopId);
    await live.settled();
    expect(await spent()).toBe((before as number) + 300_000);
  });

  it('bids on no campaign while its counters are worked out again', async () => {
    const campaign = live.campaign(campaignId) as CampaignInput;
    live.forgetCounters();
    expect(live.scopesOf(campaign, today)).toBeNull();
    expect(live.spentOn(campaign, today, 0)).toBeNull();
    await live.settled();
    expect(live.scopesOf(campaign, today)).not.toBeNull();
  });

  it('leaves out a budget the campaign does not have', async () => {
    const { id } = await createCampaign(
      t,
      shop,
      validCampaign(today, { bannerIds: [banner], dailyBudget: null }),
    );
    await setStatus(id, 'active');
    await live.settled();
    const campaign = live.campaign(id) as CampaignInput;
    expect(live.scopesOf(campaign, today)?.map((scope) => scope.key)).toEqual([
      campaignTotalKey(shopId, id),
      advertiserSpendKey(shopId),
    ]);
  });

  it('drops a campaign paused in the panel', async () => {
    const { id } = await createCampaign(t, shop, validCampaign(today, { bannerIds: [banner] }));
    await setStatus(id, 'active');
    await live.settled();
    expect(live.campaign(id)).toBeDefined();
    await setStatus(id, 'paused');
    await live.settled();
    expect(live.campaign(id)).toBeUndefined();
    expect(live.index.map((c) => c.id)).not.toContain(id);
  });

  it('raises the funds limit on a top-up, on top of what the store has counted as spent', async () => {
    const campaign = live.campaign(campaignId) as CampaignInput;
    const before = fundsLimit(campaign) as number;
    await postEntries(t, { advertiserId: shopId }, 'balance', pln, [100_000]);
    await live.settled();
    expect(fundsLimit(campaign)).toBe(before + 100_000 * MICROS);

    // Spend the store settled and the database has not posted yet still counts against funds.
    await store.applyFold({
      foldId: randomUUID(),
      advertiserId: shopId,
      deltas: [{ key: advertiserSpendKey(shopId), micros: 3_000_000 }],
    });
    await postEntries(t, { advertiserId: shopId }, 'balance', pln, [1]);
    await live.settled();
    expect(fundsLimit(campaign)).toBe(before + 100_001 * MICROS + 3_000_000);
  });

  it("follows a change of a campaign's audience, and its deletion", async () => {
    const [made] = await t.database.db
      .insert(audiences)
      .values({ advertiserId: shopId, name: 'Viewers', rule: 'product_viewers', lookbackDays: 30 })
      .returning({ id: audiences.id });
    const audienceId = made?.id as number;
    const { id } = await createCampaign(
      t,
      shop,
      validCampaign(today, { bannerIds: [banner], audienceIncludeIds: [audienceId] }),
    );
    await setStatus(id, 'active');
    await live.settled();
    expect(live.campaign(id)?.includeAudiences).toEqual([
      { id: audienceId, rule: 'product_viewers', productType: null, lookbackDays: 30 },
    ]);
    await t.database.db
      .update(audiences)
      .set({ rule: 'product_type_viewers', productType: 'Shoes', lookbackDays: 7 })
      .where(eq(audiences.id, audienceId));
    await live.settled();
    expect(live.campaign(id)?.includeAudiences).toEqual([
      { id: audienceId, rule: 'product_type_viewers', productType: 'Shoes', lookbackDays: 7 },
    ]);
    await t.database.db.delete(audiences).where(eq(audiences.id, audienceId));
    await live.settled();
    expect(live.campaign(id)?.includeAudiences).toEqual([]);
    await setStatus(id, 'paused');
  });

  it('shows a newly approved banner added to a campaign', async () => {
    const added = await insertBanner(t, shopId, 'approved', 'Added');
    const res = await t.call({
      method: 'PUT',
      url: `/api/advertiser/campaigns/${campaignId}`,
      token: shop,
      payload: validCampaign(today, { bannerIds: [banner, added] }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await live.settled();
    expect(live.campaign(campaignId)?.banners.map((b) => b.id)).toEqual(
      [banner, added].sort((a, b) => a - b),
    );
  });

  it('takes in an advertiser it did not have, once its campaign can serve', async () => {
    const solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
    const soloId = await organisationId(t, 'advertiser', 'Solo Store');
    const soloBanner = await insertBanner(t, soloId, 'approved');
    const { id } = await createCampaign(t, solo, validCampaign(today, { bannerIds: [soloBanner] }));
    await setStatus(id, 'active', solo);
    await live.settled();
    expect(live.campaign(id)).toMatchObject({ advertiserId: soloId, currency: 'EUR', commissionBps: 0 });
  });
});
