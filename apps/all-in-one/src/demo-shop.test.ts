import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFeedWorker } from '@rtb/api/runtime';
import {
  campaigns,
  type Database,
  DEMO_RETARGETING_CAMPAIGN,
  demoShopFeedImported,
  demoShopTagKey,
  feedImports,
  products,
  seedDemoShop,
  tagEvents,
} from '@rtb/db';
import { tagScriptUrl, tagSnippet } from '@rtb/shared';
import { createDemoShop, DEMO_SHOP_PATH, demoProducts } from '@rtb/simulator';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BidderTest, createBidderTest } from '../../bidder/src/test/bidder-harness';
import { requestBid, siteRequest } from '../../bidder/src/test/exchange';
import { deviceProfiles } from '../../simulator/src/inventory';
import { createRandom } from '../../simulator/src/random';
import { visitShop } from '../../simulator/src/shop-visits';
import type { SimulatedUser } from '../../simulator/src/users';

/*
 * Demo mode's retargeting, end to end on the demo data: the demo shop's pages carry Demo Shop's
 * tag; its feed is imported by the feed worker through the SSRF guard (its own loopback address
 * allowed, as DEMO_SHOP_URL says); a simulated shopper browses it through the tag's events
 * endpoint; an exchange then asks for a bid on that shopper (our id as buyeruid) and the
 * retargeting campaign answers with a dynamic banner of what they viewed.
 */

describe('the demo shop and its retargeting', () => {
  let shopServer: Server;
  let base: string;
  let db: Database | undefined;
  let b: BidderTest;
  let bidderUrl: string;
  let tagKey: string;
  let campaignId: number;
  let importedBeforeWorker: boolean | undefined;

  beforeAll(async () => {
    let handler: ReturnType<typeof createDemoShop> | null = null;
    shopServer = createServer((req, res) => void handler?.(req, res));
    await new Promise<void>((resolve) => shopServer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(shopServer.address() as AddressInfo).port}`;
    handler = createDemoShop({
      publicUrl: 'http://panel.test',
      rtbPublicUrl: 'http://panel.test',
      localUrl: base,
      tagKey: async () => (db ? demoShopTagKey(db) : null),
    });

    b = await createBidderTest({
      appConfig: { demoShopUrl: `${base}${DEMO_SHOP_PATH}`, urlVerifyAllowPrivate: false },
      prepare: async (t) => {
        db = t.database.db;
        await seedDemoShop(db, {
          dataDir: t.deps.config.dataDir,
          feedUrl: `${base}${DEMO_SHOP_PATH}/feed.xml`,
        });
        importedBeforeWorker = await demoShopFeedImported(db);
        const worker = startFeedWorker({
          deps: t.deps,
          log: { info() {}, warn() {}, error() {} },
          intervalMs: 50,
        });
        const deadline = Date.now() + 30_000;
        for (;;) {
          const [run] = await db.select({ status: feedImports.status }).from(feedImports);
          if (run && run.status !== 'queued' && run.status !== 'running') break;
          if (Date.now() > deadline) throw new Error('the demo feed was not imported');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await worker.stop();
      },
    });
    tagKey = (await demoShopTagKey(b.t.database.db)) as string;
    const [campaign] = await b.t.database.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.name, DEMO_RETARGETING_CAMPAIGN));
    campaignId = campaign?.id as number;
    await b.bidder.app.listen({ port: 0, host: '127.0.0.1' });
    bidderUrl = `http://127.0.0.1:${(b.bidder.app.server.address() as AddressInfo).port}`;
    await b.bidder.live.settled();
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await new Promise((resolve) => shopServer?.close(resolve));
  });

  it("serves pages with Demo Shop's tag and its product events, and product images", async () => {
    const snippet = tagSnippet(tagScriptUrl('http://panel.test'), tagKey);
    const home = await (await fetch(`${base}${DEMO_SHOP_PATH}/`)).text();
    expect(home).toContain(snippet);
    expect(home).toContain("rtbTag('viewHome')");
    const product = demoProducts[0];
    if (!product) throw new Error('no products');
    const page = await (await fetch(`${base}${DEMO_SHOP_PATH}/products/${product.id}.html`)).text();
    expect(page).toContain(snippet);
    expect(page).toContain(`rtbTag('viewItem', { id: ${JSON.stringify(product.id)} })`);
    expect(page).toContain("rtbTag('addToCart'");
    expect(await (await fetch(`${base}${DEMO_SHOP_PATH}/cart.html`)).text()).toContain("rtbTag('viewBasket'");
    expect(await (await fetch(`${base}${DEMO_SHOP_PATH}/thank-you.html`)).text()).toContain(
      "rtbTag('trackTransaction'",
    );
    const image = await fetch(`${base}${DEMO_SHOP_PATH}/images/${product.id}.png`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${base}${DEMO_SHOP_PATH}/secret`)).status).toBe(404);
  });

  it('has its feed imported by the feed worker through the SSRF guard, every product accepted', async () => {
    // What `npm start` waits for before its shoppers browse the shop.
    expect(importedBeforeWorker).toBe(false);
    expect(await demoShopFeedImported(b.t.database.db)).toBe(true);
    const [run] = await b.t.database.db.select().from(feedImports);
    expect(run).toMatchObject({ status: 'succeeded', added: demoProducts.length, rejected: 0 });
    const imported = await b.t.database.db
      .select({ productId: products.productId, imageLink: products.imageLink, link: products.link })
      .from(products)
      .where(and(eq(products.advertiserId, b.shopId), isNull(products.removedAt)));
    expect(imported.map((p) => p.productId).sort()).toEqual(demoProducts.map((p) => p.id).sort());
    expect(imported[0]?.imageLink).toMatch(new RegExp(`^${base}/demo-shop/images/DS-\\d+\\.png$`));
    expect(imported[0]?.link).toMatch(/^http:\/\/panel\.test\/demo-shop\/products\/DS-\d+\.html$/);
  });

  it('puts a simulated shopper among the product viewers, and the retargeting campaign bids on them with what they viewed', async () => {
    const shopper: SimulatedUser = {
      exchangeId: 'exchange-shopper-1',
      device: deviceProfiles.find((p) => p.value.kind === 'desktop' && !p.value.inApp)
        ?.value as SimulatedUser['device'],
      country: 'POL',
      ip: '83.24.1.2',
      ifa: '',
      syncs: true,
      consents: true,
      cookies: new Map(),
      shopper: true,
    };
    // A seed whose visit views products and buys nothing.
    const random = createRandom(3);
    expect(
      await visitShop(
        { eventsUrl: `${bidderUrl}/rtb/events`, tagKey, shopUrl: 'http://panel.test' },
        shopper,
        random,
      ),
    ).toBe(true);
    const uid = shopper.cookies.get('rtb_uid');
    expect(uid).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const audiences = await b.t.call({ method: 'GET', url: '/api/advertiser/audiences', token: b.shopToken });
    const viewers = (
      audiences.body.data.audiences.elements as { rule: string; estimatedSize: number }[]
    ).find((a) => a.rule === 'product_viewers');
    expect(viewers?.estimatedSize).toBe(1);

    await b.bidder.catalogue.settled();
    const { status, bid } = await requestBid(
      b.bidder.app,
      siteRequest({ user: { id: shopper.exchangeId, buyeruid: uid } }),
    );
    expect(status).toBe(200);
    expect((bid as unknown as { cid?: string } | null)?.cid).toBe(String(campaignId));
    // The banner shows products this shopper viewed (tiles name them in their images' alt).
    const views = await b.t.database.db
      .select({ ids: tagEvents.productIds })
      .from(tagEvents)
      .where(and(eq(tagEvents.userId, uid as string), eq(tagEvents.type, 'viewItem')));
    const viewedIds = new Set(views.flatMap((v) => v.ids));
    const shown = demoProducts.filter((p) => bid?.adm.includes(`alt="${p.title}"`));
    expect(shown.length).toBeGreaterThan(0);
    for (const product of shown) expect(viewedIds).toContain(product.id);

    // Someone who never visited the shop is nobody the campaign looks for.
    const stranger = await requestBid(b.bidder.app, siteRequest({ user: { id: 'exchange-stranger' } }));
    expect(stranger.status).toBe(204);
  });
});
