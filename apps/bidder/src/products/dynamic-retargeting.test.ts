import { randomBytes, randomUUID } from 'node:crypto';

import { createCampaign, setCampaignStatus, todayOf, validCampaign } from '@rtb/api/test-helpers/campaigns';
import { insertProduct } from '@rtb/api/test-helpers/products';
import { advertisers, audiences, banners } from '@rtb/db';
import { productImageUrlTemplate } from '@rtb/delivery';
import { escapeHtml, productPriceText } from '@rtb/rtb';
import { type AudienceRule, productImageBoxes } from '@rtb/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileStore } from '../audiences/profile-store';
import { type BidderTest, createBidderTest } from '../test/bidder-harness';
import {
  BROWSER,
  pathOf,
  requestBid,
  siteRequest,
  substituteMacros,
  unescapeAttribute,
} from '../test/exchange';
import { profileStoreKinds } from '../test/profile-stores';

/*
 * Retargeting with a dynamic banner (issue 15), through public interfaces only: Demo Shop's feed
 * has P in stock and Q out of stock; its tag reports visitors to the events endpoint; a campaign
 * shows a dynamic banner to product viewers who did not buy. An exchange then asks for a bid on
 * each visitor (our id as `buyeruid`), and a browser follows the banner's links. Run with the
 * memory profiles and, when a Redis server answers, the Redis ones.
 */

const kinds = await profileStoreKinds();

const P_PRICE = 24_990_000;
const attributesOf = (adm: string, element: string, attribute: string) =>
  [...adm.matchAll(new RegExp(`<${element} [^>]*${attribute}="([^"]*)"`, 'g'))].map((m) =>
    unescapeAttribute(m[1] as string),
  );

for (const kind of kinds)
  describe.skipIf(kind.skip)(`a retargeting campaign with a dynamic banner (${kind.name})`, () => {
    let b: BidderTest;
    let profiles: ProfileStore;
    let cleanup: () => Promise<void>;
    let tagKey: string;
    let campaignId: number;
    let bannerId: number;
    let pKey: number;
    /** Our keys of the in-stock products a trio shows, by feed id. */
    const keys = new Map<string, number>();
    let locale: string;

    /** The shop's tag sending these events of a new browser; its `rtb_uid`, our user id. */
    const visitor = (...events: Record<string, unknown>[]) => visitorEvents(null, ...events);
    /** The shop's tag sending these events of the browser with this `rtb_uid` (a new one: null); the id. */
    async function visitorEvents(
      known: string | null,
      ...events: Record<string, unknown>[]
    ): Promise<string> {
      const res = await b.bidder.app.inject({
        method: 'POST',
        url: '/rtb/events',
        payload: JSON.stringify({
          tagKey,
          visitorId: randomBytes(16).toString('base64url'),
          events: events.map((event) => ({ eventId: randomBytes(16).toString('base64url'), ...event })),
        }),
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': BROWSER,
          ...(known ? { cookie: `rtb_uid=${known}` } : {}),
        },
      });
      expect(res.statusCode, res.body).toBe(204);
      const userId = known ?? /rtb_uid=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];
      if (!userId) throw new Error('no rtb_uid');
      return userId;
    }
    const viewItem = (id: string) => ({
      type: 'viewItem',
      page: `https://demo-shop.example.com/p/${id}`,
      id,
    });
    const bidOn = (buyeruid: string | null) =>
      requestBid(
        b.bidder.app,
        siteRequest({ user: buyeruid ? { id: 'exchange-1', buyeruid } : { id: 'exchange-1' } }),
      );

    beforeAll(async () => {
      const opened = kind.open();
      cleanup = opened.cleanup;
      profiles = opened.store;
      b = await createBidderTest({ profiles });
      const tag = await b.t.call({ method: 'GET', url: '/api/advertiser/tag', token: b.shopToken });
      tagKey = tag.body.data.tag.tagKey;
      pKey = await insertProduct(b.t, b.shopId, { productId: 'P', priceMicros: P_PRICE });
      await insertProduct(b.t, b.shopId, { productId: 'Q', availability: 'out_of_stock' });
      keys.set('P', pKey);
      for (const id of ['R', 'S']) keys.set(id, await insertProduct(b.t, b.shopId, { productId: id }));
      const [shop] = await b.t.database.db
        .select({ locales: advertisers.websiteLocales })
        .from(advertisers)
        .where(eq(advertisers.id, b.shopId));
      locale = shop?.locales[0] ?? 'en';
      const [banner] = await b.t.database.db
        .insert(banners)
        .values({
          advertiserId: b.shopId,
          name: 'Recently viewed',
          type: 'dynamic',
          status: 'approved',
          width: 300,
          height: 100,
          mimeType: 'image/png',
          fileSize: 1234,
          landingUrl: 'https://demo-shop.example.com/',
          assetKey: randomUUID(),
          assetEntry: 'logo.png',
          template: {
            layout: 'trio',
            backgroundColour: '#ffffff',
            textColour: '#222222',
            accentColour: '#d0021b',
            callToAction: 'Shop now',
          },
        })
        .returning({ id: banners.id });
      bannerId = banner?.id as number;
      const audience = async (rule: AudienceRule, lookbackDays: number) => {
        const [row] = await b.t.database.db
          .insert(audiences)
          .values({ advertiserId: b.shopId, name: rule, rule, lookbackDays })
          .returning({ id: audiences.id });
        return row?.id as number;
      };
      const viewers = await audience('product_viewers', 30);
      const buyers = await audience('buyers', 90);
      ({ id: campaignId } = await createCampaign(
        b.t,
        b.shopToken,
        validCampaign(await todayOf(b.t, b.shopId), {
          bannerIds: [bannerId],
          maxCpm: 40_000,
          audienceIncludeIds: [viewers],
          audienceExcludeIds: [buyers],
        }),
      ));
      await setCampaignStatus(b.t, b.shopToken, campaignId, 'active');
      await b.bidder.live.settled();
    });
    afterAll(async () => {
      await b?.close();
      await profiles?.close();
      await cleanup?.();
    });

    it('bids on a visitor who viewed a product with a dynamic banner showing that product, in stock only', async () => {
      const viewer = await visitor(viewItem('Q'), viewItem('P'), viewItem('Q'));
      // The tag's events told the catalogue which products to load.
      await b.bidder.catalogue.settled();
      const { status, bid } = await bidOn(viewer);
      expect(status).toBe(200);
      const response = bid as NonNullable<typeof bid> & Record<string, unknown>;
      expect([response.cid, response.crid, response.w, response.h]).toEqual([
        String(campaignId),
        String(bannerId),
        300,
        250,
      ]);
      const adm = response.adm;
      expect(adm).toContain('>Product P<');
      expect(adm).toContain(escapeHtml(productPriceText(P_PRICE, 'PLN', locale)));
      expect(adm).not.toContain('Product Q');
      // Images come from our proxy, in one of its boxes; the shop's image URL never appears.
      expect(adm).not.toContain('shop.example/img');
      const images = attributesOf(adm, 'img', 'src').filter((src) => src.includes('/img/products/'));
      expect(images.length).toBeGreaterThan(0);
      const [prefix, version] = productImageUrlTemplate(pKey, 'https://shop.example/img/P.jpg').split(
        '{box}x{box}',
      );
      for (const src of images) {
        const box = Number(/\/(\d+)x\1\//.exec(src)?.[1]);
        expect(productImageBoxes).toContain(box);
        expect(src).toBe(`http://panel.test${prefix}${box}x${box}${version}`);
      }
      // The logo is the banner's own file.
      expect(attributesOf(adm, 'img', 'src')).toContainEqual(
        expect.stringMatching(/^http:\/\/panel\.test\/creatives\/.+\/logo\.png$/),
      );
    });

    it('sends each click of the banner to the product, and counts one click per bid', async () => {
      const viewer = await visitor(viewItem('P'));
      await b.bidder.catalogue.settled();
      const { bid } = await bidOn(viewer);
      if (!bid) throw new Error('no bid');
      const won = { price: '10.00' };
      const adm = substituteMacros(bid.adm, bid, won);
      const pixel = attributesOf(adm, 'img', 'src').find((src) => src.includes('/rtb/imp?'));
      const clicks = [...new Set(attributesOf(adm, 'a', 'href'))];
      expect(clicks.length).toBeGreaterThan(0);
      expect(clicks.every((href) => href.startsWith('http://rtb.test/rtb/click?t='))).toBe(true);
      const browser = { 'user-agent': BROWSER, cookie: `rtb_uid=${viewer}` };
      expect(
        (await b.bidder.app.inject({ method: 'GET', url: pathOf(pixel as string), headers: browser }))
          .statusCode,
      ).toBe(200);
      for (const href of [...clicks, ...clicks]) {
        const res = await b.bidder.app.inject({ method: 'GET', url: pathOf(href), headers: browser });
        expect([res.statusCode, res.headers.location]).toEqual([302, 'https://shop.example/p/P']);
      }
      await b.bidder.folded();
      const { rows } = (await b.t.database.db.execute(sql`
        select count(*) filter (where invalid_reason is null)::int as valid from delivery_events
        where bid_id = ${bid.id} and kind = 'click'`)) as unknown as { rows: { valid: number }[] };
      const [counted] = rows;
      expect(counted?.valid).toBe(1);
    });

    it('records the products an impression showed, the product each click was on, and a conversion after it', async () => {
      const viewer = await visitor(viewItem('S'), viewItem('R'), viewItem('P'));
      await b.bidder.catalogue.settled();
      const { bid } = await requestBid(
        b.bidder.app,
        siteRequest({
          imp: [{ id: '1', banner: { w: 728, h: 90 }, bidfloor: 0.5, bidfloorcur: 'PLN' }],
          user: { id: 'exchange-1', buyeruid: viewer },
        }),
      );
      if (!bid) throw new Error('no bid');
      const adm = substituteMacros(bid.adm, bid, { price: '10.00' });
      // The banner's order of products, by their titles.
      const shown = [...adm.matchAll(/>Product ([PRS])</g)].map((m) => keys.get(m[1] as string));
      expect(shown).toHaveLength(3);
      expect(new Set(shown)).toEqual(new Set(keys.values()));
      const browser = { 'user-agent': BROWSER, cookie: `rtb_uid=${viewer}` };
      const rollup = async () => {
        await b.bidder.folded();
        return new Map(
          (
            (await b.t.database.db.execute(sql`
              select product_key as key, impressions, clicks, click_conversions, conversion_value_minor
              from stats_product_hourly where campaign_id = ${campaignId}`)) as unknown as {
              rows: Record<string, string | number>[];
            }
          ).rows.map(({ key, ...sums }) => [Number(key), Object.values(sums).map(Number)]),
        );
      };
      const before = await rollup();
      const pixel = attributesOf(adm, 'img', 'src').find((src) => src.includes('/rtb/imp?'));
      const get = (url: string) => b.bidder.app.inject({ method: 'GET', url: pathOf(url), headers: browser });
      expect((await get(pixel as string)).statusCode).toBe(200);
      // The exchange bills the impression: it records the products shown.
      expect((await get(substituteMacros(bid.burl, bid, { price: '10.00' }))).statusCode).toBe(200);
      // The second product's click first (the one that counts), then the first's (a repeated click).
      const hrefs = [...new Set(attributesOf(adm, 'a', 'href'))];
      expect(hrefs).toHaveLength(3);
      const clicked: number[] = [];
      for (const href of [hrefs[1], hrefs[0]] as string[]) {
        const res = await get(href);
        expect(res.statusCode).toBe(302);
        clicked.push(keys.get(/\/p\/(\w)$/.exec(String(res.headers.location))?.[1] as string) as number);
      }
      expect(clicked).toEqual([shown[1], shown[0]]);
      const events = async () => {
        await b.bidder.folded();
        return (
          (await b.t.database.db.execute(sql`
            select kind, product_keys as "productKeys", invalid_reason as invalid from delivery_events
            where bid_id = ${bid.id} and kind in ('impression', 'click', 'conversion')
            order by kind, invalid_reason nulls first`)) as unknown as {
            rows: { kind: string; productKeys: (string | number)[] | null; invalid: string | null }[];
          }
        ).rows.map((row) => ({ ...row, productKeys: row.productKeys?.map(Number) ?? null }));
      };
      expect(await events()).toEqual([
        { kind: 'click', productKeys: [shown[1]], invalid: null },
        { kind: 'click', productKeys: [shown[0]], invalid: 'repeated_click' },
        { kind: 'impression', productKeys: shown, invalid: null },
      ]);
      // The shop's tag reports the purchase 15 s on: a post-click conversion of the clicked product.
      b.passTime(15_000);
      await visitorEvents(viewer, {
        type: 'trackTransaction',
        orderId: `ORD-${randomUUID()}`,
        value: '24.99',
        currency: 'PLN',
        items: [{ id: 'R', quantity: 1, price: '24.99' }],
      });
      expect((await events()).find((row) => row.kind === 'conversion')).toEqual({
        kind: 'conversion',
        productKeys: [shown[1]],
        invalid: null,
      });
      // The products' rollup: each shown once; the valid click's product clicked and converted.
      const after = await rollup();
      const added = (key: number) => {
        const [was, now] = [before.get(key) ?? [0, 0, 0, 0], after.get(key) ?? [0, 0, 0, 0]];
        return now.map((n, i) => n - (was[i] as number));
      };
      expect(shown.map((key) => added(key as number))).toEqual([
        [1, 0, 0, 0],
        [1, 1, 1, 2499],
        [1, 0, 0, 0],
      ]);
    });

    it('never bids on a visitor who bought, nor on one the shop never saw', async () => {
      const buyer = await visitor(viewItem('P'), {
        type: 'trackTransaction',
        orderId: `ORD-${randomUUID()}`,
        value: '24.99',
        currency: 'PLN',
        items: [{ id: 'P', quantity: 1, price: '24.99' }],
      });
      await b.bidder.catalogue.settled();
      expect(await bidOn(buyer)).toMatchObject({ status: 204, reason: 'no_campaign' });
      expect(await bidOn('stranger-aaaaaaaaaaaaaaa')).toMatchObject({ status: 204, reason: 'no_campaign' });
      expect(await bidOn(null)).toMatchObject({ status: 204, reason: 'no_campaign' });
    });

    it('shows nothing, and so does not bid, when the only product viewed is out of stock', async () => {
      const viewer = await visitor(viewItem('Q'));
      await b.bidder.catalogue.settled();
      expect(await bidOn(viewer)).toMatchObject({ status: 204, reason: 'no_campaign' });
    });
  });
