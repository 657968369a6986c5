import { banners } from '@rtb/db';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postEntries } from '../../api/src/modules/organisations/test-helpers';
import { organisationId } from '../../api/src/modules/organisations/test-users';
import { seriousViolations, violationSummary } from './support/axe';
import { MOBILE } from './support/browser';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix } from './support/texts';

const e2e = setupE2E();
const campaigns = `${panelPrefix.advertiser}/campaigns`;

/** The campaign page's summary: the status, the serving status with its reasons, the moves. */
const summary = (page: Page) => page.getByRole('region', { name: 'Campaign status' });

async function axeClean(page: Page, where: string) {
  expect(violationSummary(await seriousViolations(page, where))).toEqual([]);
}

/** An approved creative of the advertiser (the banners flow has its own tests). */
async function approvedBanner(advertiserId: number) {
  await e2e.server.t.database.db.insert(banners).values({
    advertiserId,
    name: 'Spring rectangle',
    type: 'image',
    status: 'approved',
    width: 300,
    height: 250,
    mimeType: 'image/png',
    fileSize: 1000,
    landingUrl: 'https://demo-shop.example.com/spring',
    assetKey: `e2e-${Date.now()}`,
    assetEntry: 'banner.png',
    reviewedAt: new Date(),
  });
}

describe('campaigns', () => {
  it('an advertiser creates a campaign, sees why it does not serve, fixes that and activates it', async () => {
    const shop = await organisationId(e2e.server.t, 'advertiser', 'Demo Shop');
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.advertiser);

    await page.goto(campaigns);
    await page.getByRole('button', { name: 'Create your first campaign' }).click();
    await page.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Spring sale');
    await page.getByLabel('Daily budget (PLN)').fill('50');
    await page.getByLabel('Maximum CPM (PLN)').fill('5');
    await page.getByRole('radio', { name: 'Only at the hours chosen below' }).check();
    await page.getByRole('button', { name: 'All hours', exact: true }).click();
    await page
      .getByLabel('Never on these sites and apps')
      .fill('bad.example.com\nnot a domain\nbad.example.com');
    await page.getByText('Line 2 is not a domain: not a domain.').waitFor();
    await page.getByLabel('Never on these sites and apps').fill('bad.example.com\nwww.bad.example.com');
    await page.getByText('1 valid unique domain', { exact: true }).waitFor();
    await saveScreenshot(page, 'campaign-new');
    await axeClean(page, 'the new campaign form');
    await page.getByRole('button', { name: 'Create campaign' }).click();

    // Saved as a draft: the page says why it does not serve, and where each reason is fixed.
    await page.getByRole('heading', { name: 'Spring sale', level: 1 }).waitFor();
    await summary(page).getByText('Not serving').waitFor();
    await summary(page)
      .getByText(/No approved banner/)
      .waitFor();
    await summary(page)
      .getByText(/Draft: activate it to run/)
      .waitFor();
    await summary(page)
      .getByText(/Balance and credit exhausted/)
      .waitFor();
    await summary(page).getByRole('link', { name: 'Go to banners' }).waitFor();

    // The fixes: money on the balance and an approved banner picked.
    await postEntries(
      e2e.server.t,
      { advertiserId: shop },
      'balance',
      await e2e.server.t.referenceId('currencies', 'PLN'),
      [100_000],
    );
    await approvedBanner(shop);
    await page.reload();
    await page.getByRole('checkbox', { name: /Spring rectangle/ }).check();
    await page.getByText('1 approved banner picked.').waitFor();
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.getByText('The campaign has been saved.').waitFor();
    await summary(page).getByRole('button', { name: 'Activate' }).click();
    await summary(page).getByRole('button', { name: 'Pause' }).waitFor();
    await expect.poll(() => summary(page).getByText('Serving', { exact: true }).count()).toBe(1);
    await saveScreenshot(page, 'campaign-serving');
    await axeClean(page, 'the campaign page');

    // The list: serving, and a bulk pause.
    await page.goto(campaigns);
    const row = page.getByRole('row', { name: /Spring sale/ });
    await row.getByText('Serving', { exact: true }).waitFor();
    await saveScreenshot(page, 'campaigns');
    await axeClean(page, 'the campaigns list');
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('checkbox', { name: 'Select Spring sale' }).check();
    await page
      .getByRole('region', { name: 'Selected campaigns' })
      .getByRole('button', { name: 'Pause' })
      .click();
    await page.getByText('1 campaign changed.').waitFor();
    await row.getByText('Not serving').waitFor();
  });

  // After the first test: its campaign is on the list.
  it('works at 375 px: the list scrolls sideways and the hours grid stays in its box', async () => {
    const { context, page } = await e2e.open(MOBILE);
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(campaigns);
    await page.getByRole('link', { name: 'Spring sale' }).waitFor();
    await page.getByRole('region', { name: 'Campaigns (scrolls sideways)' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'campaigns');
    await axeClean(page, 'the campaigns list at 375 px');

    await page.getByRole('link', { name: 'Spring sale' }).click();
    await page.getByRole('button', { name: 'Monday 09:00–10:00' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'campaign');
    await axeClean(page, 'the campaign page at 375 px');
  });

  it("an admin sees the advertiser's campaigns with their serving status, and resumes one", async () => {
    const shop = await organisationId(e2e.server.t, 'advertiser', 'Demo Shop');
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.admin);
    await page.goto(`${panelPrefix.admin}/advertisers/single?id=${shop}`);
    const section = page.getByRole('region', { name: 'Campaigns' });
    const row = section.getByRole('row', { name: /Spring sale/ });
    await row.getByText('Paused', { exact: true }).first().waitFor();
    await row.getByRole('button', { name: 'Resume Spring sale' }).click();
    await page.getByText('Spring sale is active again.').waitFor();
    await row.getByText('Serving', { exact: true }).waitFor();
    await axeClean(page, "the admin's advertiser page");
  });
});
