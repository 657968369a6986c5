import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tagSnippet } from '@rtb/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, violationSummary } from './support/axe';
import { DESKTOP } from './support/browser';
import { productsTab } from './support/products';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix } from './support/texts';

/*
 * An advertiser connects a shop on a fresh install, in the browser: a feed URL (the shop is a
 * local server; private addresses are allowed for this server only), products with their images
 * through our proxy, the tag on a shop page whose events show up live in the debugger, and an
 * audience made of them.
 */
const e2e = setupE2E({ urlVerifyAllowPrivate: true }, { bidder: true, feedWorker: true });

const SHOPPER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let shop: Server;
let shopBase: string;
let tagKey = '';

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
  it('imports the feed from its URL, shows the products with proxied images, the tag’s events live, and an audience of them', async () => {
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
    // A shopper's browser (headless Chromium's own user agent is a bot's, rightly left out of audiences).
    const shopper = await e2e.browser.newContext({ userAgent: SHOPPER_AGENT });
    const shopPage = await shopper.newPage();
    await shopPage.goto(`${shopBase}/p/LAMP-1`);
    await shopPage.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await shopper.close();
    const row = events.getByRole('row').filter({ hasText: 'LAMP-1' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
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
  });
});
