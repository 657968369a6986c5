import { DEMO_DYNAMIC_BANNER, DEMO_RETARGETING_CAMPAIGN, tagEvents } from '@rtb/db';
import type { ReportDto } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { organisationId } from '../../api/src/contexts/organisations/organisations/test-users';
import type { ExchangeBid } from '../../bidder/src/test/exchange';
import { DEMO_SHOP_PATH, demoProducts } from '../../simulator/src/index';
import { apiData, topUpAdvertiser } from './support/api';
import { axeClean } from './support/axe';
import { SHOPPER_AGENT } from './support/browser';
import { askForBid, serveWonBid } from './support/exchange';
import { shownCount, shownSpend } from './support/format';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix } from './support/texts';

/*
 * Demo mode's retargeting, as an advertiser meets it: Demo Shop's set-up tab shows each step's
 * state (its feed, imported by the worker from the demo shop; the tag; the standard audiences;
 * the dynamic banner; the retargeting campaign); a shopper's browser views a product on the demo
 * shop, whose tag makes them a product viewer; an exchange then asks about that shopper and the
 * retargeting campaign buys the impression, which its Performance tab counts.
 */
// The demo shop's feed and images are fetched from this server's loopback address.
const e2e = setupE2E({ urlVerifyAllowPrivate: true }, { bidder: true, feedWorker: true, demoShop: true });

const lamp = demoProducts.find((product) => product.title === 'Table lamp');
if (!lamp) throw new Error('the demo shop sells no table lamp');

/** A step of the set-up, by its heading. */
const step = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

describe('retargeting on the demo shop', () => {
  it('the set-up tab shows each step, a shopper viewing a product is bought by the retargeting campaign, and its Performance tab counts the impression', async () => {
    const { t, baseURL, bidder } = e2e.server;
    if (!bidder) throw new Error('the server has no bidder');
    const shopId = await organisationId(t, 'advertiser', 'Demo Shop');
    await topUpAdvertiser(e2e.server, shopId, 100_000, 'Funds for retargeting');
    const { context, page } = await e2e.open();
    const token = await signIn(context, e2e.server, demo.advertiser);
    const { campaigns } = await apiData(e2e.server, token, 'GET', '/api/advertiser/campaigns');
    const retargetingId: number = campaigns.elements.find(
      (c: { name: string }) => c.name === DEMO_RETARGETING_CAMPAIGN,
    ).id;
    // The seeded feed is due at once; the worker imports the demo shop's twelve products.
    const feedOf = async () =>
      (await apiData(e2e.server, token, 'GET', '/api/advertiser/product-feed')).productFeed;
    await expect.poll(feedOf, { timeout: 20_000 }).toMatchObject({ productCount: demoProducts.length });

    // Integrations opens on the set-up: every step but the tag is done by the demo data.
    await page.goto(panelPrefix.advertiser);
    await page.getByRole('link', { name: 'Integrations', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Set up retargeting', level: 2 }).waitFor();
    expect(await page.getByRole('tab', { name: 'Retargeting set-up' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const feed = step(page, 'Step 1: Connect the product feed');
    const tag = step(page, 'Step 2: Install the tag');
    const audiences = step(page, 'Step 3: Create the standard audiences');
    const banner = step(page, 'Step 4: Make a dynamic banner');
    const campaign = step(page, 'Step 5: Start a retargeting campaign');
    await feed.getByText('Done', { exact: true }).waitFor();
    expect(await feed.textContent()).toContain(`The feed is connected: ${demoProducts.length} products.`);
    await tag.getByText('To do', { exact: true }).waitFor();
    expect(await tag.textContent()).toContain('No events yet.');
    await audiences.getByText('Done', { exact: true }).waitFor();
    expect(await audiences.textContent()).toContain('“Product viewers – 30 days”, about 0 people');
    await banner.getByText('Done', { exact: true }).waitFor();
    expect(await banner.textContent()).toContain(`“${DEMO_DYNAMIC_BANNER}” is approved and can serve.`);
    await campaign.getByText('Done', { exact: true }).waitFor();
    expect(await campaign.textContent()).toContain(
      'A campaign retargets your product viewers or cart abandoners.',
    );
    await saveScreenshot(page, 'retargeting-setup');
    await axeClean(page, 'the retargeting set-up tab');

    // A shopper browses the demo shop: the home page, then the lamp's page. The pages' tag sends
    // the views, and its answer gives the browser our user id (the rtb_uid cookie: the shop is
    // on the platform's host here, so it is a first-party cookie the browser keeps).
    const shopper = await e2e.browser.newContext({ baseURL, userAgent: SHOPPER_AGENT });
    try {
      const shop = await shopper.newPage();
      await shop.goto(`${DEMO_SHOP_PATH}/`);
      await shop.getByRole('link', { name: new RegExp(lamp.title) }).click();
      await shop.getByRole('heading', { name: lamp.title, level: 1 }).waitFor();
      await shop.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      const userId = async () => (await shopper.cookies()).find((c) => c.name === 'rtb_uid')?.value;
      await expect.poll(userId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const visitor = (await userId()) as string;
      const viewed = async () =>
        t.database.db
          .select({ productIds: tagEvents.productIds })
          .from(tagEvents)
          .where(and(eq(tagEvents.userId, visitor), eq(tagEvents.type, 'viewItem')));
      await expect.poll(viewed).toEqual([{ productIds: [lamp.id] }]);

      // Check again: the tag works, with the API's count of the day's events; one product viewer.
      const { tagEventSummary } = await apiData(
        e2e.server,
        token,
        'GET',
        '/api/advertiser/tag/events/summary',
      );
      expect(tagEventSummary.counts.viewItem).toBe(1);
      await tag.getByRole('button', { name: 'Check again' }).click();
      await tag.getByText('Done', { exact: true }).waitFor();
      expect(await tag.textContent()).toContain(
        `The tag works: ${shownCount(tagEventSummary.total)} events in the last 24 hours.`,
      );
      expect(
        await tag.getByRole('list', { name: 'Events in the last 24 hours by type' }).textContent(),
      ).toMatch(/Product view: 1/);
      await page.reload();
      await audiences.getByText('“Product viewers – 30 days”, about 1 person').waitFor();
      await axeClean(page, 'the retargeting set-up tab with events');

      // An exchange asks about the shopper (our id as buyeruid) and about a stranger: the
      // retargeting campaign bids on the shopper only, with the lamp they viewed.
      await bidder.live.settled();
      await bidder.catalogue.settled();
      const answer = await askForBid(e2e.server, 'shopper', visitor);
      expect(answer.status).toBe(200);
      const bid: ExchangeBid & { cid: string } = (await answer.json()).seatbid[0].bid[0];
      expect(bid.cid).toBe(String(retargetingId));
      expect(bid.adm).toContain(`alt="${lamp.title}"`);
      expect((await askForBid(e2e.server, 'stranger')).status).toBe(204);
      // The exchange's win and billing notices, the ad on a page of the shopper's browser.
      await serveWonBid(shopper, bid, bid.price.toFixed(2));
    } finally {
      await shopper.close();
    }

    // The campaign's Performance tab: today's impression and spend, as the API reports them.
    const byCampaign = `/api/advertiser/reports?time=none&campaignId=${retargetingId}`;
    let report: ReportDto | undefined;
    await expect
      .poll(async () => {
        report = (await apiData(e2e.server, token, 'GET', byCampaign)).report;
        return report?.totals.impressions;
      })
      .toBe(1);
    // The campaign has the win and the impression, and spent on them.
    const totals = (report as ReportDto).totals;
    expect(totals.wins).toBe(1);
    expect(totals.spendMicros).toBeGreaterThan(0);
    await page.goto(`${panelPrefix.advertiser}/campaigns`);
    await page.getByRole('link', { name: DEMO_RETARGETING_CAMPAIGN, exact: true }).click();
    await page.getByRole('heading', { name: DEMO_RETARGETING_CAMPAIGN, level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Performance' }).click();
    const results = page.getByRole('region', { name: 'Results' });
    const today = (metric: string) =>
      results
        .getByRole('row', { name: new RegExp(`^${metric}`) })
        .getByRole('cell')
        .first();
    await expect.poll(() => today('Impressions').textContent()).toBe(shownCount(1));
    // The symbol comes with the currencies' reference data, which may arrive after the report.
    await expect.poll(() => today('Spend').textContent()).toBe(shownSpend(totals.spendMicros ?? 0, 'zł'));
    await saveScreenshot(page, 'retargeting-campaign-performance');
    await axeClean(page, 'the retargeting campaign’s performance');
  }, 120_000);
});
