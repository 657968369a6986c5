import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tagEvents } from '@rtb/db';
import { tagSnippet } from '@rtb/shared';
import { arrayContains } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationId } from '../../api/src/contexts/organisations/organisations/test-users';
import type { ExchangeBid } from '../../bidder/src/test/exchange';
import { seriousViolations, violationSummary } from './support/axe';
import { DESKTOP, SHOPPER_AGENT } from './support/browser';
import { campaignSummary, nextStep } from './support/campaigns';
import { askForBid, serveWonBid } from './support/exchange';
import { png } from './support/images';
import { productsTab } from './support/products';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix } from './support/texts';

/*
 * An advertiser connects a shop on a fresh install, in the browser: a feed URL (the shop is a
 * local server; private addresses are allowed for this server only), products with their images
 * through our proxy, the tag on a shop page whose events show up live in the debugger, an
 * audience made of them, and a retargeting campaign with a dynamic product banner that the
 * bidder buys impressions with for exactly that audience's visitors.
 */
const e2e = setupE2E({ urlVerifyAllowPrivate: true }, { bidder: true, feedWorker: true });

let shop: Server;
let shopBase: string;
let tagKey = '';
const DYNAMIC_BANNER = 'Lamps for lamp viewers';

const feedXml = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Demo Shop</title>
${['LAMP-1', 'LAMP-2', 'CHAIR-1']
  .map(
    (
      id,
      i,
    ) => `<item><g:id>${id}</g:id><title>${id.startsWith('LAMP') ? 'Desk lamp' : 'Garden chair'} ${i + 1}</title>
<link>${base}/p/${id}</link><g:image_link>${base}/img/${id}.jpg</g:image_link>
<g:price>${49 + i}.90 PLN</g:price><g:availability>in stock</g:availability>
<g:product_type>${id.startsWith('LAMP') ? 'Home &gt; Lighting' : 'Home &gt; Garden'}</g:product_type></item>`,
  )
  .join('\n')}
</channel></rss>`;

beforeAll(async () => {
  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();
  shop = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/feed.xml')
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(feedXml(shopBase));
    if (url.pathname.startsWith('/img/'))
      return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    // A product page with the tag: it reports viewing its product.
    const product = url.pathname.replace('/p/', '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${product}</title>
${tagSnippet(`${e2e.server.baseURL}/tag.js`, tagKey)}
<script>rtbTag('viewItem', { id: ${JSON.stringify(product)} });</script>
</head><body><h1>${product}</h1></body></html>`);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  // The shop is another site than the platform (127.0.0.1), as in production.
  shopBase = `http://localhost:${(shop.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => (shop ? shop.close(() => resolve()) : resolve())));

describe('connecting a shop', () => {
  it('imports the feed from its URL, shows products, live tag events and an audience, and retargets its visitors with a dynamic product banner', async () => {
    const { context, page } = await e2e.open(DESKTOP);
    await signIn(context, e2e.server, demo.advertiser);

    // Products: the feed's URL, fetched by the worker; the summary and the products appear.
    await page.goto(productsTab.path);
    await page.getByRole('radio', { name: /From a URL/ }).check();
    await productsTab.feedUrl(page).fill(`${shopBase.replace('localhost', '127.0.0.1')}/feed.xml`);
    await productsTab.schedule(page).selectOption('daily');
    await productsTab.save(page).click();
    const summary = productsTab.importSummary(page);
    await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toMatch(/Added\s*3/);
    const list = productsTab.products(page);
    await expect.poll(() => list.getByRole('row').count()).toBe(4);
    const thumbnail = list.getByRole('img').first();
    expect(await thumbnail.getAttribute('src')).toMatch(/^\/img\/products\/\d+\/96x96\/[0-9a-f]{12}$/);
    await expect
      .poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(violationSummary(await seriousViolations(page, 'the products tab'))).toEqual([]);

    // Tags: the debugger shows the shop page's view as it arrives, with no hint (the feed has it).
    await page.goto(`${panelPrefix.advertiser}/integrations?tab=tags`);
    const token = await e2e.server.t.loginAs(
      demo.advertiser.kind,
      demo.advertiser.login,
      demo.advertiser.password,
    );
    tagKey = (await e2e.server.t.call({ method: 'GET', url: '/api/advertiser/tag', token })).body.data.tag
      .tagKey;
    // The snippet to paste carries the shop's key.
    await expect.poll(() => page.locator('pre').first().textContent()).toContain(tagKey);
    const events = page.getByRole('table', { name: 'Events received, newest first' });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Live' }).count()).toBe(1);
    // Shoppers' browsers (headless Chromium's own user agent is a bot's, rightly left out of
    // audiences): one looks at a lamp, another at a chair.
    for (const product of ['LAMP-1', 'CHAIR-1']) {
      const shopper = await e2e.browser.newContext({ userAgent: SHOPPER_AGENT });
      const shopPage = await shopper.newPage();
      await shopPage.goto(`${shopBase}/p/${product}`);
      await shopPage.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      await shopper.close();
    }
    const row = events.getByRole('row').filter({ hasText: 'LAMP-1' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => events.getByRole('row').filter({ hasText: 'CHAIR-1' }).count()).toBe(1);
    expect(await row.textContent()).toMatch(/Product view|viewItem/);
    expect(await row.textContent()).not.toMatch(/not in your product feed|Bot/);
    expect(violationSummary(await seriousViolations(page, 'the tags tab'))).toEqual([]);

    // Audiences: viewers of the lighting products have one member.
    await page.goto(`${panelPrefix.advertiser}/integrations?tab=audiences`);
    await page.getByRole('button', { name: 'Create audience' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New audience' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Lamp viewers');
    await dialog.getByRole('radio', { name: /Viewers of a product type/ }).check();
    await dialog.getByRole('textbox', { name: 'Product type' }).fill('Home > Lighting');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const audience = page.getByRole('row').filter({ hasText: 'Lamp viewers' });
    await expect.poll(() => audience.count()).toBe(1);
    expect(await audience.textContent()).toMatch(/Viewers of Home > Lighting, last 30 days/);
    expect(await audience.getByRole('cell').nth(2).textContent()).toBe('1');
    expect(violationSummary(await seriousViolations(page, 'the audiences tab'))).toEqual([]);

    // A dynamic product banner, made in the browser: its previews show the feed's products.
    await page.goto(`${panelPrefix.advertiser}/banners`);
    await page.getByRole('button', { name: 'Create a dynamic banner' }).click();
    const maker = page.getByRole('dialog', { name: 'New dynamic product banner' });
    await maker.getByLabel('Name', { exact: true }).fill(DYNAMIC_BANNER);
    await maker.getByLabel('Landing page (your shop)').fill(`${shopBase}/`);
    await maker.locator('input[name=layout][value=trio]').check();
    await maker
      .getByLabel('Choose the logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(160, 48, '#0e7490') });
    const preview = maker.frameLocator('iframe[title="Preview 300x250"]');
    await expect.poll(() => preview.locator('body').textContent()).toContain('Desk lamp 1');
    const previewImage = preview.locator('img[src*="/img/products/"]').first();
    await expect
      .poll(() => previewImage.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(violationSummary(await seriousViolations(page, 'the dynamic banner form'))).toEqual([]);
    await maker.locator('iframe[title="Preview 300x250"]').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'dynamic-banner-form', { fullPage: false });
    await maker.getByRole('button', { name: 'Save and send for review' }).click();
    await page.getByText('The dynamic banner has been saved; it waits for review.').waitFor();

    // The admin approves the template once (the review's screens are the creatives test's subject).
    const admin = await e2e.server.t.loginAs(demo.admin.kind, demo.admin.login, demo.admin.password);
    const { banners } = (await e2e.server.t.call({ method: 'GET', url: '/api/advertiser/banners', token }))
      .body.data;
    const banner = banners.elements.find((b: { name: string }) => b.name === DYNAMIC_BANNER);
    expect(banner.type).toBe('dynamic');
    const review = await e2e.server.t.call({
      method: 'PUT',
      url: `/api/admin/banners/${banner.id}/review`,
      token: admin,
      payload: { decision: 'approve' },
    });
    expect(review.status).toBe(200);
    const shopId = await organisationId(e2e.server.t, 'advertiser', 'Demo Shop');
    const topUp = await e2e.server.t.call({
      method: 'POST',
      url: `/api/admin/advertisers/${shopId}/top-ups`,
      token: admin,
      headers: { 'idempotency-key': randomUUID() },
      payload: { type: 'manual_top_up', amount: 100_000, reason: 'Funds for retargeting' },
    });
    expect(topUp.status).toBeLessThan(300);

    // The retargeting campaign, in the browser: the dynamic banner, for lamp viewers only.
    await page.goto(`${panelPrefix.advertiser}/campaigns/new`);
    await page.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Lamp retargeting');
    await page.getByLabel('Total budget (zł)').fill('500');
    await page.getByLabel('Daily budget (zł)').fill('200');
    await page.getByLabel('Maximum CPM (zł)').fill('50.00');
    await page.getByRole('radio', { name: /As fast as possible/ }).check();
    await nextStep(page, 'Audience & targeting');
    await page
      .getByRole('group', { name: 'Bid only on users in any of' })
      .getByRole('checkbox', { name: 'Lamp viewers (1 user)' })
      .check();
    await nextStep(page, 'Creatives');
    await page.getByRole('checkbox', { name: new RegExp(DYNAMIC_BANNER) }).check();
    await nextStep(page, 'Schedule');
    await nextStep(page, 'Review');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Lamp retargeting', level: 1 }).waitFor();
    await campaignSummary(page).getByRole('button', { name: 'Activate' }).click();
    await campaignSummary(page).getByRole('button', { name: 'Pause' }).waitFor();

    // An exchange asks about both shoppers (by the id our tag gave them) and a stranger: only the
    // lamp viewer gets a bid, with a dynamic banner of the lamp they saw.
    const bidder = e2e.server.bidder;
    if (!bidder) throw new Error('the server has no bidder');
    await bidder.live.settled();
    const visitorOf = async (product: string) => {
      const [event] = await e2e.server.t.database.db
        .select({ userId: tagEvents.userId })
        .from(tagEvents)
        .where(arrayContains(tagEvents.productIds, [product]));
      if (!event?.userId) throw new Error(`no visitor of ${product}`);
      return event.userId;
    };
    const lampViewer = await visitorOf('LAMP-1');
    const answer = await askForBid(e2e.server, 'lamp-viewer', lampViewer);
    expect(answer.status).toBe(200);
    const bid: ExchangeBid = (await answer.json()).seatbid[0].bid[0];
    expect(bid.adm).toContain('Desk lamp 1');
    expect(bid.adm).not.toContain(`${shopBase}/img/`);
    expect((await askForBid(e2e.server, 'chair-viewer', await visitorOf('CHAIR-1'))).status).toBe(204);
    expect((await askForBid(e2e.server, 'stranger', randomUUID())).status).toBe(204);

    // The exchange's win notice; the ad on a publisher's page: the lamp through our image proxy,
    // and our pixel counts the impression the campaign bought.
    const publisher = await e2e.browser.newContext({ userAgent: SHOPPER_AGENT });
    await serveWonBid(publisher, bid, '5.00');
    await publisher.close();
    await page.goto(`${panelPrefix.advertiser}/campaigns`);
    const listed = page
      .getByRole('table', { name: 'Campaigns' })
      .getByRole('row', { name: /Lamp retargeting/ });
    await expect.poll(() => listed.textContent(), { timeout: 15_000 }).toMatch(/Serving/);
    const campaigns = (await e2e.server.t.call({ method: 'GET', url: '/api/advertiser/campaigns', token }))
      .body.data.campaigns.elements as { name: string; stats: { impressions: number } }[];
    expect(campaigns.find((c) => c.name === 'Lamp retargeting')?.stats.impressions).toBe(1);
  }, 120_000);
});
