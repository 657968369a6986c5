import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { type TagDebugEvent, tagSnippet } from '@rtb/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, violationSummary } from './support/axe';
import { DESKTOP, MOBILE, SHOPPER_AGENT } from './support/browser';
import { clickAndAccept } from './support/confirm';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix } from './support/texts';

// The bidder (and /tag.js) on the server's port, as `npm start` serves them.
const e2e = setupE2E({}, { bidder: true });

/**
 * A shop on another site (`localhost`, while the platform is `127.0.0.1`): `/?script=<url>&consent=`
 * is a page with the snippet in its head, its own script after it, and every error the page
 * sees kept in `window.pageErrors`. `navigator.sendBeacon` is wrapped so a test can see (and,
 * with `beacon=off`, refuse) each beacon synchronously.
 */
let shop: Server;
let shopUrl: string;
let tagKey: string;
let token: string;

function shopPage(scriptUrl: string, consent: string, beacon: string): string {
  const snippet = tagSnippet(scriptUrl, tagKey).replace("consent: 'granted'", `consent: '${consent}'`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Demo shop</title>
<script>
  window.pageErrors = [];
  window.onerror = function (message) { window.pageErrors.push(String(message)); };
  window.addEventListener('unhandledrejection', function (e) { window.pageErrors.push(String(e.reason)); });
  window.beacons = [];
  var realBeacon = navigator.sendBeacon.bind(navigator);
  navigator.sendBeacon = function (url, body) {
    window.beacons.push(JSON.parse(body));
    return ${beacon === 'off' ? 'false' : 'realBeacon(url, body)'};
  };
</script>
${snippet}
</head><body><h1 id="own">Loading</h1>
<script>document.getElementById('own').textContent = 'Shop works';</script>
</body></html>`;
}

beforeAll(async () => {
  token = await e2e.server.t.loginAs(demo.advertiser.kind, demo.advertiser.login, demo.advertiser.password);
  const settings = await e2e.server.t.call({ method: 'GET', url: '/api/advertiser/tag', token });
  tagKey = settings.body.data.tag.tagKey;
  shop = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const script = url.searchParams.get('script') ?? `${e2e.server.baseURL}/tag.js`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      shopPage(script, url.searchParams.get('consent') ?? 'granted', url.searchParams.get('beacon') ?? 'on'),
    );
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => (shop ? shop.close(() => resolve()) : resolve())));

const tagEvents = async (): Promise<TagDebugEvent[]> =>
  (await e2e.server.t.call({ method: 'GET', url: '/api/advertiser/tag/events?limit=200', token })).body.data
    .tagEvents;

/** Waits until the API lists an event with each of these product ids; answers the matching events. */
async function arrived(productIds: string[]): Promise<TagDebugEvent[]> {
  for (;;) {
    const events = (await tagEvents()).filter((e) => e.productIds.some((id) => productIds.includes(id)));
    if (productIds.every((id) => events.some((e) => e.productIds.includes(id)))) return events;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function openShop(query: string): Promise<Page> {
  const { page } = await e2e.open();
  await page.goto(`${shopUrl}?${query}`);
  await expect
    .poll(() => page.evaluate(() => Boolean((window as { rtbTag?: { loaded?: boolean } }).rtbTag?.loaded)))
    .toBe(true);
  return page;
}

/** Sends what waits to be sent, as leaving the page does (the script flushes synchronously). */
const leave = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
const beaconCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { beacons: unknown[] }).beacons.length);

describe('the tracking tag on a shop page', () => {
  it('sends each event type once, with sendBeacon or the image fallback', async () => {
    for (const beacon of ['on', 'off']) {
      const page = await openShop(`beacon=${beacon}`);
      const run = `${beacon}-${Date.now()}`;
      const ids = ['home', 'list', 'item', 'cart', 'basket', 'order'].map((name) => `${name}-${run}`);
      await page.evaluate(([list, item, cart, basket, order]) => {
        const rtbTag = (window as unknown as { rtbTag: (...args: unknown[]) => void }).rtbTag;
        rtbTag('viewHome');
        rtbTag('viewList', { ids: [list, 'X'] });
        rtbTag('viewItem', { id: item });
        rtbTag('addToCart', { id: cart, quantity: 2 });
        rtbTag('viewBasket', { items: [{ id: basket, quantity: 2, price: '15.00' }] });
        rtbTag('trackTransaction', {
          orderId: order,
          value: 30,
          currency: 'PLN',
          items: [{ id: order, quantity: 2, price: 15 }],
        });
      }, ids.slice(1));
      const events = await arrived(ids.slice(1));
      expect(events.map((e) => e.type).sort()).toEqual(
        ['addToCart', 'trackTransaction', 'viewBasket', 'viewItem', 'viewList'].sort(),
      );
      expect(events.find((e) => e.type === 'trackTransaction')).toMatchObject({
        orderId: ids[5],
        value: '30',
        currency: 'PLN',
        // The demo shop has no product feed yet, so the debugger points out the unknown product.
        hints: ['product_not_in_feed'],
      });
      // Leaving sends nothing again: each event arrived once.
      await leave(page);
      await page.goto('about:blank');
      const again = (await tagEvents()).filter((e) => e.productIds.some((id) => ids.includes(id)));
      expect(again.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
      expect(page.url()).toBe('about:blank');
    }
    const homes = (await tagEvents()).filter((e) => e.type === 'viewHome');
    expect(homes).toHaveLength(2);
  });

  it('holds events while consent is pending, sends them once granted, and drops them when denied', async () => {
    const page = await openShop('consent=pending');
    const call = (...args: unknown[]) =>
      page.evaluate(
        (a) => (window as unknown as { rtbTag: (...args: unknown[]) => void }).rtbTag(...a),
        args,
      );
    await call('viewItem', { id: 'held-1' });
    await leave(page);
    expect(await beaconCount(page)).toBe(0);
    await call('consent', 'granted');
    await leave(page);
    expect(await beaconCount(page)).toBe(1);
    expect((await arrived(['held-1'])).map((e) => e.type)).toEqual(['viewItem']);

    const refusing = await openShop('consent=pending');
    const refuse = (...args: unknown[]) =>
      refusing.evaluate(
        (a) => (window as unknown as { rtbTag: (...args: unknown[]) => void }).rtbTag(...a),
        args,
      );
    await refuse('viewItem', { id: 'dropped-1' });
    await refuse('consent', 'denied');
    await refuse('viewItem', { id: 'dropped-2' });
    await leave(refusing);
    expect(await beaconCount(refusing)).toBe(0);
    expect(await refusing.evaluate(() => (window as unknown as { pageErrors: string[] }).pageErrors)).toEqual(
      [],
    );
  });

  it('leaves the shop page working when the platform is down', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { page } = await e2e.open();
    await page.goto(`${shopUrl}?script=${encodeURIComponent(`http://127.0.0.1:${port}/tag.js`)}`);
    await expect.poll(() => page.locator('#own').textContent()).toBe('Shop works');
    await page.evaluate(() => {
      const rtbTag = (window as unknown as { rtbTag: (...args: unknown[]) => void }).rtbTag;
      rtbTag('viewItem', { id: 'nobody-hears' });
      rtbTag('trackTransaction', { orderId: 'lost', value: '1.00', currency: 'PLN' });
    });
    expect(await page.evaluate(() => (window as unknown as { pageErrors: string[] }).pageErrors)).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { rtbTag: { q: unknown[] } }).rtbTag.q.length),
    ).toBe(3);
  });
});

/**
 * Runs a shell example as a shop's developer would paste it into a terminal; its output (`curl
 * -i`: status line, headers, body). The test server does not know the address it listens on, so
 * its public URL in the example becomes that address.
 */
async function runInShell(code: string): Promise<string> {
  const { url } = (await e2e.server.t.call({ method: 'GET', url: '/api/advertiser/tag/postback', token }))
    .body.data.postback;
  const here = code.replaceAll(url, `${e2e.server.baseURL}/rtb/postback`);
  return (await promisify(execFile)('bash', ['-c', here])).stdout;
}

describe('conversions in the Tags tab (issue 25)', () => {
  it('sends a postback with the copied example, holds an inflated browser conversion with its reason, confirms it, and renews the secret', async () => {
    const { context, page } = await e2e.open(DESKTOP);
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(`${panelPrefix.advertiser}/integrations?tab=tags`);
    await page.getByText('Examples: a terminal, PHP and Node.js').click();
    const example = page
      .getByRole('heading', { name: 'Try it from a terminal (a test order)' })
      .locator('xpath=../following-sibling::pre[1]');
    await expect.poll(() => example.textContent()).toContain("SECRET='rtbps_");
    const firstExample = (await example.textContent()) ?? '';
    // The example, run as it is: a signed test order, recorded (no visitor: no ad is credited).
    const answer = await runInShell(firstExample);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('{"status":"recorded","attributed":false}');

    // A shopper's browser reports an order of 20,000.00 PLN: above the default maximum, held.
    const { advertiserId } = (
      await e2e.server.t.call({ method: 'GET', url: '/api/advertiser/tag/postback', token })
    ).body.data.postback;
    const pixel = await fetch(
      `${e2e.server.baseURL}/rtb/conversion?adv=${advertiserId}&order=BIG-1&value=20000.00&currency=PLN`,
      { headers: { 'user-agent': SHOPPER_AGENT } },
    );
    expect(pixel.status).toBe(200);
    const conversions = page.getByRole('table', { name: 'Conversions received, newest first' });
    const held = conversions.getByRole('row').filter({ hasText: 'BIG-1' });
    await expect.poll(() => held.count(), { timeout: 15_000 }).toBe(1);
    expect(await held.textContent()).toMatch(
      /Pixel.*20,000\.00 zł.*Held.*Worth more than your maximum order value/,
    );
    const test = conversions.getByRole('row').filter({ hasText: /TEST-\d+/ });
    expect(await test.textContent()).toMatch(/Postback.*199\.99 zł.*Counted/);
    expect(await page.getByRole('button', { name: /^Held \(\d+\)$/ }).textContent()).not.toBe('Held (0)');
    expect(violationSummary(await seriousViolations(page, 'the tags tab with conversions'))).toEqual([]);
    await saveScreenshot(page, 'tags-conversions');

    // Confirmed after the prompt: it counts now.
    await clickAndAccept(page, held.getByRole('button', { name: 'Confirm order BIG-1' }));
    await expect.poll(() => held.textContent()).toMatch(/Confirmed in this tab on/);
    expect(await held.getByRole('button').count()).toBe(0);

    // A new secret, after the prompt: the copied example stops working, the new one works.
    await clickAndAccept(page, page.getByRole('button', { name: 'Make a new secret' }));
    await expect.poll(() => example.textContent()).not.toBe(firstExample);
    expect(await runInShell(firstExample)).toMatch(/^HTTP\/1\.1 401[\s\S]*x-rtb-reason: bad_signature/i);
    expect(await runInShell((await example.textContent()) ?? '')).toMatch(/^HTTP\/1\.1 200/);

    const phone = await e2e.open(MOBILE);
    await signIn(phone.context, e2e.server, demo.advertiser);
    await phone.page.goto(`${panelPrefix.advertiser}/integrations?tab=tags`);
    // Waited for as a locator (Playwright's timeout), not polled for a second: a CI run under load
    // took longer to show the phone's page.
    await phone.page.getByRole('table', { name: 'Conversions received, newest first' }).waitFor();
    expect(violationSummary(await seriousViolations(phone.page, 'the tags tab on a phone'))).toEqual([]);
    await saveScreenshot(phone.page, 'tags-conversions');
  });
});
