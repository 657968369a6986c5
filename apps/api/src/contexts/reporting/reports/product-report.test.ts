import { demoAccounts } from '@rtb/db';
import { type DeliveryEventInput, recordDeliveryEvents } from '@rtb/delivery';
import { reportResponse } from '@rtb/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createCampaign, insertBanner, todayOf, validCampaign } from '../../campaigns/campaigns/test-helpers';
import { expectRollupsEqualEvents } from '../../delivery/delivery/test-helpers';
import { organisationId } from '../../organisations/organisations/test-users';
import { insertProduct } from '../../shop/products/test-helpers';

/**
 * Issue 16, the report by product: dynamic banners' events recorded through the real recording
 * path (impressions of one or three products, clicks on one, conversions after a click or a
 * view), then `GET /api/advertiser/reports?by=product` and its export: a row per product named
 * by its title, what is not split by product null, another advertiser's products never shown.
 */
const url = '/api/advertiser/reports';
const DAY = '2030-03-02';
/** 11:00 in Warsaw (UTC+1): the middle of DAY. */
const T = Date.parse(`${DAY}T10:00:00Z`);

let t: TestApp;
let shop: string;
let solo: string;
let ids: { shop: number; solo: number };
/** Demo Shop's products P1-P3 and Solo Store's S1, by our key. */
let p: { p1: number; p2: number; p3: number; s1: number };

let bids = 0;
function bid(
  advertiserId: number,
  campaign: { id: number; bannerId: number },
  shown: number[] | null,
  user: string,
  change: Partial<DeliveryEventInput> = {},
) {
  bids += 1;
  const bidId = `product-bid-${bids}`;
  const base = {
    advertiserId,
    bidId,
    bidAt: new Date(T - 1_000),
    campaignId: campaign.id,
    bannerId: campaign.bannerId,
    day: DAY,
    userId: user,
  };
  return {
    impression: {
      ...base,
      kind: 'impression',
      source: 'burl',
      occurredAt: new Date(T + bids),
      costMicros: 1_000,
      productKeys: shown,
      ...change,
    } satisfies DeliveryEventInput,
    click: (product: number | null): DeliveryEventInput => ({
      ...base,
      kind: 'click',
      source: 'click',
      occurredAt: new Date(T + 60_000 + bids),
      productKeys: product === null ? null : [product],
    }),
  };
}
const conversion = (
  advertiserId: number,
  user: string,
  order: string,
  valueMinor: number,
): DeliveryEventInput => ({
  kind: 'conversion',
  source: 'conversion',
  occurredAt: new Date(T + 30 * 60_000),
  advertiserId,
  userId: user,
  orderId: order,
  valueMinor,
});

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  ids = {
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
  };
  p = {
    p1: await insertProduct(t, ids.shop, { productId: 'P1' }),
    p2: await insertProduct(t, ids.shop, { productId: 'P2' }),
    p3: await insertProduct(t, ids.shop, { productId: 'P3' }),
    s1: await insertProduct(t, ids.solo, { productId: 'S1' }),
  };
  const campaignOf = async (advertiserId: number, token: string) => {
    const bannerId = await insertBanner(t, advertiserId, 'approved', 'Recently viewed');
    const today = await todayOf(t, advertiserId);
    const { id } = await createCampaign(t, token, validCampaign(today, { bannerIds: [bannerId] }));
    return { id, bannerId };
  };
  const shopCampaign = await campaignOf(ids.shop, shop);
  const soloCampaign = await campaignOf(ids.solo, solo);

  const trio = bid(ids.shop, shopCampaign, [p.p1, p.p2, p.p3], 'u1');
  const single = bid(ids.shop, shopCampaign, [p.p1], 'u2');
  const pair = bid(ids.shop, shopCampaign, [p.p3, p.p1], 'u3');
  const bot = bid(ids.shop, shopCampaign, [p.p2], 'u4', { invalidReason: 'bot' });
  const image = bid(ids.shop, shopCampaign, null, 'u5', { costMicros: 2_000 });
  // A key that is not the shop's (a forged or mistaken one): counted, never named.
  const foreign = bid(ids.shop, shopCampaign, [p.s1], 'u6');
  const soloBid = bid(ids.solo, soloCampaign, [p.s1], 'v1');
  const record = (events: DeliveryEventInput[]) =>
    inTransaction(t.deps, (tx) => recordDeliveryEvents(tx, events));
  await record([trio, single, pair, bot, image, foreign, soloBid].map((b) => b.impression));
  await record([
    trio.click(p.p2),
    // The same bid's second click is a repeated one: not counted for P3.
    trio.click(p.p3),
    single.click(p.p1),
    image.click(null),
    soloBid.click(p.s1),
  ]);
  await record([
    // After clicks on P2 (u1) and P1 (u2): post-click conversions of those products.
    conversion(ids.shop, 'u1', 'order-1', 2_500),
    conversion(ids.shop, 'u2', 'order-2', 5_000),
    // After an impression of P3 and P1 only (u3): a post-view conversion, not a product's.
    conversion(ids.shop, 'u3', 'order-3', 9_900),
    conversion(ids.solo, 'v1', 'order-1', 700),
  ]);
});
afterAll(() => t.close());

const report = async (query: string, token = shop) => {
  const res = await t.call({ method: 'GET', url: `${url}?from=${DAY}&to=${DAY}${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(reportResponse.safeParse(res.body).success).toBe(true);
  return res.body.data.report;
};

/** What a product row leaves out: not split by product. */
const notSplit = {
  bids: null,
  wins: null,
  winRate: null,
  spendMicros: null,
  cpmMicros: null,
  cpcMicros: null,
  viewConversions: null,
  postbackConversions: null,
  tagConversions: null,
  pixelConversions: null,
  cpaMicros: null,
  roas: null,
  predictedClicks: null,
  predictedConversions: null,
  shadingSavingMicros: null,
  shadingSavingRate: null,
};

describe('the report by product', () => {
  it('counts each product every time it was shown, its clicks and the conversions after them; the most shown first', async () => {
    const r = await report('&time=none&by=product');
    expect(r.by).toBe('product');
    expect(r.rows.meta.total).toBe(4);
    const [p1, p3, p2, unnamed] = r.rows.elements;
    expect(p1).toEqual({
      period: null,
      key: String(p.p1),
      name: 'Product P1',
      campaignStatus: null,
      ...notSplit,
      impressions: 3,
      clicks: 1,
      ctr: 1 / 3,
      clickConversions: 1,
      conversions: 1,
      conversionRate: 1,
      conversionValueMinor: 5_000,
    });
    expect(p3).toMatchObject({
      key: String(p.p3),
      name: 'Product P3',
      ...notSplit,
      impressions: 2,
      clicks: 0,
      ctr: 0,
      conversions: 0,
      conversionRate: null,
      conversionValueMinor: 0,
    });
    expect(p2).toMatchObject({
      key: String(p.p2),
      name: 'Product P2',
      ...notSplit,
      impressions: 1,
      clicks: 1,
      clickConversions: 1,
      conversions: 1,
      conversionValueMinor: 2_500,
    });
    // Another advertiser's product key on the shop's events: its figures, never its title.
    expect(unnamed).toMatchObject({ key: String(p.s1), name: null, impressions: 1 });
    // The totals stay the period's: every valid impression and click once (the image banner's too), with its spend.
    expect(r.totals).toMatchObject({
      impressions: 5,
      clicks: 3,
      spendMicros: 6_000,
      clickConversions: 2,
      viewConversions: 1,
      conversionValueMinor: 17_400,
    });
  });

  it('sorts by the products’ titles and by a figure, and splits by day', async () => {
    const byName = await report('&time=none&by=product&sort=name&order=desc');
    expect(byName.rows.elements.map((row: { name: string | null }) => row.name)).toEqual([
      'Product P3',
      'Product P2',
      'Product P1',
      null,
    ]);
    const byValue = await report('&time=none&by=product&sort=conversionValueMinor&order=desc&perPage=2');
    expect(byValue.rows.elements.map((row: { key: string }) => row.key)).toEqual([
      String(p.p1),
      String(p.p2),
    ]);
    expect(byValue.rows.meta).toMatchObject({ total: 4, lastPage: 2 });
    const byDay = await report('&time=day&by=product');
    expect(byDay.rows.elements).toHaveLength(4);
    expect(new Set(byDay.rows.elements.map((row: { period: string }) => row.period))).toEqual(new Set([DAY]));
  });

  it('shows an advertiser its own products only', async () => {
    const r = await report('&time=none&by=product', solo);
    expect(r.rows.elements).toEqual([
      expect.objectContaining({
        key: String(p.s1),
        name: 'Product S1',
        impressions: 1,
        clicks: 1,
        conversions: 1,
      }),
    ]);
  });

  it('exports the products with their titles and empty cells for what is not split, in both languages', async () => {
    const exported = async (locale: 'en' | 'pl') => {
      const res = await t.call({
        method: 'GET',
        url: `${url}/export?from=${DAY}&to=${DAY}&time=none&by=product&format=csv&style=iso&locale=${locale}&columns=impressions,clicks,spendMicros,conversions`,
        token: shop,
      });
      expect(res.status).toBe(200);
      return parse(res.body, { bom: true }) as string[][];
    };
    const en = await exported('en');
    expect(en[0]).toEqual(['Product', 'Impressions', 'Clicks', 'Spend (zł)', 'Conversions']);
    expect(en.slice(1, 4)).toEqual([
      ['Product P1', '3', '1', '', '1'],
      ['Product P3', '2', '0', '', '0'],
      ['Product P2', '1', '1', '', '1'],
    ]);
    expect(en.at(-1)).toEqual(['Total', '5', '3', '0.01', '3']);
    expect((await exported('pl'))[0]?.[0]).toBe('Produkt');
  });

  it('are the rollups of exactly the events', async () => {
    await expectRollupsEqualEvents(t.database.db);
  });
});
