import { demoAccounts } from '@rtb/db';
import {
  type AudienceBodyInput,
  audienceEnvelope,
  audienceMessages,
  audiencesEnvelope,
  messages,
} from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activityOf } from '../../organisations/organisations/test-helpers';
import { organisationId } from '../../organisations/organisations/test-users';
import { insertProduct } from '../../shop/products/test-helpers';
import { createCampaign, todayOf, validCampaign } from '../campaigns/test-helpers';
import { ago, createAudience, insertTagEvent } from './test-helpers';

const base = '/api/advertiser/audiences';

let t: TestApp;
let shop: string;
let solo: string;
let ids: { shop: number; solo: number };

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  solo = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  ids = {
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
  };
});
afterAll(() => t.close());

/** The sizes of the advertiser's audiences now, by name (through the list, as the page reads them). */
async function sizesOf(token: string): Promise<Record<string, number>> {
  const res = await t.call({ method: 'GET', url: `${base}?perPage=100`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const list = audiencesEnvelope.parse(res.body).data.audiences;
  return Object.fromEntries(list.elements.map((a) => [a.name, a.estimatedSize]));
}

/** The field errors of a refused audience form. */
async function errorsOf(body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST', id?: number) {
  const res = await t.call({ method, url: id ? `${base}/${id}` : base, token: shop, payload: body });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.message).toBe(messages.validation);
  return res.body.errors as Record<string, string[]>;
}

describe('estimated sizes', () => {
  const audiences: Record<string, AudienceBodyInput> = {
    'Visitors 30': { name: 'Visitors 30', rule: 'all_visitors', lookbackDays: 30 },
    'Visitors 90': { name: 'Visitors 90', rule: 'all_visitors', lookbackDays: 90 },
    'Visitors 10': { name: 'Visitors 10', rule: 'all_visitors', lookbackDays: 10 },
    'Viewers 30': { name: 'Viewers 30', rule: 'product_viewers', lookbackDays: 30 },
    'Viewers 90': { name: 'Viewers 90', rule: 'product_viewers', lookbackDays: 90 },
    'Garden viewers': {
      name: 'Garden viewers',
      rule: 'product_type_viewers',
      productType: 'Home > Garden',
      lookbackDays: 90,
    },
    'Abandoners 30': { name: 'Abandoners 30', rule: 'cart_abandoners', lookbackDays: 30 },
    'Abandoners 1': { name: 'Abandoners 1', rule: 'cart_abandoners', lookbackDays: 1 },
    'Buyers 30': { name: 'Buyers 30', rule: 'buyers', lookbackDays: 30 },
    'Buyers 5': { name: 'Buyers 5', rule: 'buyers', lookbackDays: 5 },
  };

  beforeAll(async () => {
    const event = (
      userId: string | null,
      type: Parameters<typeof insertTagEvent>[2]['type'],
      at: Date,
      more = {},
    ) => insertTagEvent(t, ids.shop, { userId, type, at, ...more });
    // The feed's types: 'Home > Garden' covers its subtypes, in any letter case, not 'Home > Gardening'.
    await insertProduct(t, ids.shop, { productId: 'p1', productType: 'Home > Garden > Tools' });
    await insertProduct(t, ids.shop, { productId: 'p2', productType: 'Home > Kitchen' });
    await insertProduct(t, ids.shop, { productId: 'p3', productType: 'HOME > GARDEN' });
    await insertProduct(t, ids.shop, { productId: 'p4', productType: 'Home > Gardening' });
    await insertProduct(t, ids.solo, { productId: 'p5', productType: 'Home > Garden' });
    await event('u-home', 'viewHome', ago(1));
    await event('u-gardening', 'viewItem', ago(1), { productIds: ['p4'] });
    // p5 is another shop's product of the type: not this shop's.
    await event('u-other-shops-product', 'viewItem', ago(1), { productIds: ['p5'] });
    await event('u-viewer', 'viewItem', ago(2), { productIds: ['p1'] });
    await event('u-viewer', 'viewItem', ago(3), { productIds: ['p2'] });
    await event('u-viewer', 'viewList', ago(3), { productIds: ['p1', 'p2'] });
    await event('u-abandoner', 'addToCart', ago(3), { productIds: ['p1'] });
    await event('u-bought-after', 'addToCart', ago(5), { productIds: ['p1'] });
    await event('u-bought-after', 'trackTransaction', ago(4), { productIds: ['p1'] });
    const instant = ago(2);
    await event('u-same-instant', 'addToCart', instant, { productIds: ['p2'] });
    await event('u-same-instant', 'trackTransaction', instant, { productIds: ['p2'] });
    await event('u-returning', 'trackTransaction', ago(6), { productIds: ['p3'] });
    await event('u-returning', 'addToCart', ago(2), { productIds: ['p1'] });
    await event('u-old', 'viewItem', ago(40), { productIds: ['p3'] });
    // Ten days back, an hour inside and an hour outside.
    await event('u-edge-in', 'viewHome', ago(9, 23));
    await event('u-edge-out', 'viewHome', ago(10, 1));
    // Bots and browsers without our cookie: in the table, in no audience.
    for (const type of ['viewItem', 'addToCart', 'trackTransaction'] as const) {
      await event('u-bot', type, ago(1), { productIds: ['p1'], bot: true });
      await event(null, type, ago(1), { productIds: ['p1'] });
    }
    // Another advertiser's events: its visitors are not the shop's, and a transaction there
    // ends no abandonment here.
    await insertTagEvent(t, ids.solo, { userId: 'u-solo', type: 'viewItem', at: ago(1), productIds: ['p1'] });
    await insertTagEvent(t, ids.solo, { userId: 'u-abandoner', type: 'trackTransaction', at: ago(1) });
    await insertTagEvent(t, ids.solo, {
      userId: 'u-viewer',
      type: 'addToCart',
      at: ago(1),
      productIds: ['p1'],
    });
    for (const body of Object.values(audiences)) await createAudience(t, shop, body);
  });

  it('counts distinct users of each rule within the lookback, no bots, no users without our cookie', async () => {
    expect(await sizesOf(shop)).toEqual({
      // home, gardening, other-shops-product, viewer, abandoner, bought-after, same-instant,
      // returning, edge-in, edge-out
      'Visitors 30': 10,
      'Visitors 90': 11, // and u-old, 40 days back
      'Visitors 10': 9, // edge-in (9 days 23 hours back) but not edge-out (10 days 1 hour)
      'Viewers 30': 3, // u-viewer (three events, counted once), gardening, other-shops-product
      'Viewers 90': 4, // and u-old
      // u-viewer (p1, Home > Garden > Tools) and u-old (p3, HOME > GARDEN); not gardening
      // (Home > Gardening) nor other-shops-product (a type of another shop's product).
      'Garden viewers': 2,
      // u-abandoner, and u-returning who added to the cart after buying; not u-bought-after
      // nor u-same-instant (bought at the same moment), whatever other shops saw.
      'Abandoners 30': 2,
      'Abandoners 1': 0,
      'Buyers 30': 3, // bought-after, same-instant, returning
      'Buyers 5': 2, // not returning, 6 days back
    });
  });

  it('drops a cart abandoner who buys later, and answers the size with the audience', async () => {
    const list = audiencesEnvelope.parse(
      (await t.call({ method: 'GET', url: `${base}?search=abandoners 30`, token: shop })).body,
    );
    const [abandoners] = list.data.audiences.elements;
    expect(list.data.audiences.elements).toHaveLength(1);
    await insertTagEvent(t, ids.shop, { userId: 'u-abandoner', type: 'trackTransaction', at: ago(0, 1) });
    const one = await t.call({ method: 'GET', url: `${base}/${abandoners?.id}`, token: shop });
    expect(one.status).toBe(200);
    expect(audienceEnvelope.parse(one.body).data.audience).toMatchObject({
      name: 'Abandoners 30',
      rule: 'cart_abandoners',
      lookbackDays: 30,
      productType: null,
      estimatedSize: 1,
      campaignCount: 0,
    });
    // A bot's buying ends nothing.
    await insertTagEvent(t, ids.shop, {
      userId: 'u-returning',
      type: 'trackTransaction',
      at: ago(0, 1),
      bot: true,
    });
    expect((await sizesOf(shop))['Abandoners 30']).toBe(1);
  });

  it('never counts the shop’s visitors for another advertiser', async () => {
    await createAudience(t, solo, { name: 'Solo visitors', rule: 'all_visitors', lookbackDays: 90 });
    await createAudience(t, solo, { name: 'Solo abandoners', rule: 'cart_abandoners', lookbackDays: 90 });
    expect(await sizesOf(solo)).toEqual({ 'Solo visitors': 3, 'Solo abandoners': 1 });
  });
});

describe('the audience form', () => {
  it('takes a lookback of 1 to 90 whole days, 30 by default', async () => {
    for (const lookbackDays of [0, 91, 1.5, -3])
      expect(await errorsOf({ name: 'A', rule: 'buyers', lookbackDays })).toEqual({
        lookbackDays: [audienceMessages.lookbackRange],
      });
    expect(await createAudience(t, shop, { name: 'Default lookback', rule: 'buyers' })).toMatchObject({
      lookbackDays: 30,
    });
    await createAudience(t, shop, { name: 'One day', rule: 'buyers', lookbackDays: 1 });
    await createAudience(t, shop, { name: 'Ninety days', rule: 'buyers', lookbackDays: 90 });
  });

  it('needs a product type for viewers of a type, and refuses one for any other rule', async () => {
    expect(await errorsOf({ name: 'A', rule: 'product_type_viewers' })).toEqual({
      productType: [audienceMessages.productTypeRequired],
    });
    expect(await errorsOf({ name: 'A', rule: 'product_type_viewers', productType: '   ' })).toHaveProperty(
      'productType',
    );
    expect(await errorsOf({ name: 'A', rule: 'product_viewers', productType: 'Shoes' })).toEqual({
      productType: [audienceMessages.productTypeOnlyForTypeViewers],
    });
    const shoes = await createAudience(t, shop, {
      name: 'Shoes',
      rule: 'product_type_viewers',
      productType: '  Apparel > Shoes ',
    });
    expect(shoes).toMatchObject({ productType: 'Apparel > Shoes' });
    expect(await errorsOf({ name: 'Shoes', rule: 'buyers', productType: 'Shoes' }, 'PUT', shoes.id)).toEqual({
      productType: [audienceMessages.productTypeOnlyForTypeViewers],
    });
  });

  it('needs a name and a known rule', async () => {
    expect(Object.keys(await errorsOf({ name: ' ', rule: 'buyers' }))).toEqual(['name']);
    expect(Object.keys(await errorsOf({ name: 'x'.repeat(201), rule: 'buyers' }))).toEqual(['name']);
    expect(Object.keys(await errorsOf({ name: 'A', rule: 'everyone' }))).toEqual(['rule']);
  });

  it('changes an audience and logs its creation, change and deletion', async () => {
    const created = await createAudience(t, shop, { name: 'To change', rule: 'buyers', lookbackDays: 7 });
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${created.id}`,
      token: shop,
      payload: { name: 'Changed', rule: 'product_type_viewers', productType: 'Garden', lookbackDays: 14 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.audience).toMatchObject({
      id: created.id,
      name: 'Changed',
      rule: 'product_type_viewers',
      productType: 'Garden',
      lookbackDays: 14,
    });
    const removed = await t.call({ method: 'DELETE', url: `${base}/${created.id}`, token: shop });
    expect(removed.status).toBe(200);
    expect((await t.call({ method: 'GET', url: `${base}/${created.id}`, token: shop })).status).toBe(404);
    const logs = await activityOf(t, 'audience', created.id);
    expect(logs.map((log) => [log.event, log.advertiserId])).toEqual([
      ['created', ids.shop],
      ['updated', ids.shop],
      ['deleted', ids.shop],
    ]);
    expect(logs[1]?.changes).toEqual({
      before: { name: 'To change', rule: 'buyers', productType: null, lookbackDays: 7 },
      after: { name: 'Changed', rule: 'product_type_viewers', productType: 'Garden', lookbackDays: 14 },
    });
  });
});

describe('audiences in use', () => {
  it('counts the campaigns that use an audience and refuses to delete it, naming them', async () => {
    const today = await todayOf(t, ids.shop);
    const audience = await createAudience(t, shop, { name: 'In use', rule: 'all_visitors' });
    const other = await createAudience(t, shop, { name: 'Other', rule: 'buyers' });
    const including = await createCampaign(
      t,
      shop,
      validCampaign(today, { name: 'Retarget $& visitors', audienceIncludeIds: [audience.id] }),
    );
    await createCampaign(
      t,
      shop,
      validCampaign(today, {
        name: 'Prospecting',
        audienceIncludeIds: [other.id],
        audienceExcludeIds: [audience.id],
      }),
    );
    const one = await t.call({ method: 'GET', url: `${base}/${audience.id}`, token: shop });
    expect(one.body.data.audience.campaignCount).toBe(2);

    const refused = await t.call({ method: 'DELETE', url: `${base}/${audience.id}`, token: shop });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      audienceMessages.audienceInUse.replace('{campaigns}', () => 'Prospecting, Retarget $& visitors'),
    );
    expect((await t.call({ method: 'GET', url: `${base}/${audience.id}`, token: shop })).status).toBe(200);

    // Taken out of one campaign, it is still in the other; out of both, it can go.
    const put = await t.call({
      method: 'PUT',
      url: `/api/advertiser/campaigns/${including.id}`,
      token: shop,
      payload: validCampaign(today, { name: 'Retarget $& visitors' }),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(
      (await t.call({ method: 'DELETE', url: `${base}/${audience.id}`, token: shop })).body.message,
    ).toBe(audienceMessages.audienceInUse.replace('{campaigns}', 'Prospecting'));
  });
});

describe('isolation', () => {
  it('never shows, changes or deletes another advertiser’s audience', async () => {
    const own = await createAudience(t, shop, { name: 'Shop only', rule: 'buyers' });
    const body = { name: 'Taken over', rule: 'all_visitors', lookbackDays: 5 };
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', body],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call({
        method,
        url: `${base}/${own.id}`,
        token: solo,
        ...(payload ? { payload } : {}),
      });
      expect(res.status, `${method} ${JSON.stringify(res.body)}`).toBe(404);
    }
    const list = await t.call({ method: 'GET', url: `${base}?perPage=100`, token: solo });
    expect(JSON.stringify(list.body)).not.toContain('Shop only');
    const still = await t.call({ method: 'GET', url: `${base}/${own.id}`, token: shop });
    expect(still.body.data.audience).toMatchObject({ name: 'Shop only', rule: 'buyers' });
  });

  it('needs an advertiser user', async () => {
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    expect((await t.call({ method: 'GET', url: base })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: base, token: agency })).status).toBe(403);
  });
});
