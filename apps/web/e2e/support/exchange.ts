import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { type ExchangeBid, siteRequest, substituteMacros } from '../../../bidder/src/test/exchange';
import type { E2EServer } from './server';

/**
 * An exchange's bid request to the server's bidder (a 300x250 site request from Poland, in PLN)
 * about a user, by our user id when the exchange knows it (`buyeruid`); the answer as it comes.
 */
export const askForBid = (server: E2EServer, id: string, buyeruid?: string) =>
  fetch(`${server.baseURL}/openrtb2/bid`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(siteRequest({ id, user: { buyeruid } })),
  });

/**
 * What follows a won dynamic banner's bid at `price`: the exchange's win notice, the ad on a
 * publisher's page in the browser context (our pixel counts the impression; the product image
 * loads through our image proxy), then the exchange's billing notice.
 */
export async function serveWonBid(context: BrowserContext, bid: ExchangeBid, price: string): Promise<void> {
  const outcome = { price };
  expect((await fetch(substituteMacros(bid.nurl, bid, outcome))).status).toBeLessThan(300);
  const ad = await context.newPage();
  await ad.setContent(`<!doctype html><html><body>${substituteMacros(bid.adm, bid, outcome)}</body></html>`);
  const adImage = ad.locator('img[src*="/img/products/"]').first();
  await expect
    .poll(() => adImage.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  expect((await fetch(substituteMacros(bid.burl, bid, outcome))).status).toBeLessThan(300);
}
