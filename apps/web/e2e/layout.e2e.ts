import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createCampaign,
  todayOf,
  validCampaign,
} from '../../api/src/contexts/campaigns/campaigns/test-helpers';
import { organisationId } from '../../api/src/contexts/organisations/organisations/test-users';
import { campaignSteps } from '../src/features/campaigns/campaign-steps';
import { DESKTOP, MOBILE, type Viewport } from './support/browser';
import { assertNoOverlaps } from './support/layout';
import { saveScreenshot } from './support/screenshot';
import { apiToken, httpCall, signIn } from './support/session';
import { setupE2E } from './support/setup';
import { type DemoUser, demo, panelPrefix } from './support/texts';

const e2e = setupE2E();

/** A page as the user sees it once its lists have loaded. */
async function openPage(viewport: Viewport, user: DemoUser, path: string): Promise<Page> {
  const { context, page } = await e2e.open(viewport);
  await signIn(context, e2e.server, user);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByText('Loading…').first().waitFor({ state: 'hidden' });
  return page;
}

/** The demo data's account is a placeholder that users are not shown: the admin sets a real one. */
async function setSellerBankAccount(account: string) {
  const token = await apiToken(e2e.server, demo.admin);
  const setup = await httpCall(e2e.server, 'GET', '/api/admin/payments/setup', { token });
  const { bankAccountConfigValueId } = (
    setup.body as { data: { paymentsSetup: { bankAccountConfigValueId: number } } }
  ).data.paymentsSetup;
  const saved = await httpCall(e2e.server, 'PUT', `/api/admin/config-values/${bankAccountConfigValueId}`, {
    token,
    body: { value: account },
  });
  expect(saved.status).toBe(200);
}

/** The Copy button sits on the same line as the value it copies, after it. */
async function expectBeside(button: Locator) {
  const value = button.locator('xpath=preceding-sibling::*[1]');
  const [b, v] = await Promise.all([button.boundingBox(), value.boundingBox()]);
  if (!b || !v) throw new Error('the Copy button or its value is not shown');
  expect(b.y).toBeLessThan(v.y + v.height);
  expect(b.y + b.height).toBeGreaterThan(v.y);
  expect(b.x).toBeGreaterThanOrEqual(v.x + v.width - 1);
}

describe.each([
  ['1440', DESKTOP],
  ['375', MOBILE],
])(
  'no overlapping fields, no table cut without a hint, no cut placeholder or choice (%s px)',
  (_, viewport) => {
    it('admin Payments (transactions and requests) and Activity Logs', async () => {
      let page = await openPage(viewport, demo.admin, `${panelPrefix.admin}/payments`);
      await saveScreenshot(page, 'layout-admin-payments');
      await assertNoOverlaps(page, 'admin payments');
      page = await openPage(viewport, demo.admin, `${panelPrefix.admin}/payments?tab=requests`);
      await assertNoOverlaps(page, 'admin top-up requests');
      page = await openPage(viewport, demo.admin, `${panelPrefix.admin}/activity-logs`);
      await saveScreenshot(page, 'layout-admin-activity-logs');
      await assertNoOverlaps(page, 'admin activity logs');
    });

    it("the admin's agency and advertiser pages and the agency's advertiser page", async () => {
      const agency = await organisationId(e2e.server.t, 'agency', 'Demo Agency');
      const shop = await organisationId(e2e.server.t, 'advertiser', 'Demo Shop');
      let page = await openPage(viewport, demo.admin, `${panelPrefix.admin}/agencies/single?id=${agency}`);
      await saveScreenshot(page, 'layout-admin-agency');
      await assertNoOverlaps(page, "the admin's agency page");
      page = await openPage(viewport, demo.admin, `${panelPrefix.admin}/advertisers/single?id=${shop}`);
      await saveScreenshot(page, 'layout-admin-advertiser');
      await assertNoOverlaps(page, "the admin's advertiser page");
      page = await openPage(viewport, demo.agency, `${panelPrefix.agency}/advertisers/${shop}`);
      await saveScreenshot(page, 'layout-agency-advertiser');
      await assertNoOverlaps(page, "the agency's advertiser page");
    });

    it("the admin's settings: a long value (the banner sizes) wraps, on a desktop the table fits", async () => {
      const page = await openPage(viewport, demo.admin, `${panelPrefix.admin}/configs?tab=settings`);
      await assertNoOverlaps(page, "the admin's settings");
      if (viewport.width < DESKTOP.width) return;
      const scrolls = await page
        .getByRole('table', { name: 'Settings' })
        .evaluate(
          (table) => (table.parentElement?.scrollWidth ?? 0) > (table.parentElement?.clientWidth ?? 0) + 1,
        );
      expect(scrolls, 'the settings table scrolls sideways').toBe(false);
    });

    it("each step of a campaign's form", async () => {
      const { t } = e2e.server;
      const shop = await organisationId(t, 'advertiser', 'Demo Shop');
      const token = await apiToken(e2e.server, demo.advertiser);
      const campaign = await createCampaign(
        t,
        token,
        validCampaign(await todayOf(t, shop), { name: `Layout ${viewport.width}` }),
      );
      for (const step of campaignSteps) {
        const page = await openPage(
          viewport,
          demo.advertiser,
          `${panelPrefix.advertiser}/campaigns/${campaign.id}?tab=settings&step=${step}`,
        );
        await saveScreenshot(page, `layout-campaign-${step}`);
        await assertNoOverlaps(page, `the campaign form's ${step} step`);
      }
    });

    it('the bank transfer instructions of a top-up: each Copy button beside its value', async () => {
      await setSellerBankAccount('PL61 1090 1014 0000 0712 1981 2874');
      const page = await openPage(viewport, demo.agency, `${panelPrefix.agency}/payments`);
      await page.getByRole('button', { name: 'Top up', exact: true }).click();
      const topUp = page.getByRole('dialog', { name: 'Top up the balance' });
      const bank = topUp.getByRole('button', { name: 'By bank transfer' });
      if (await bank.count()) await bank.click();
      await assertNoOverlaps(page, 'the top-up form');
      await topUp.getByLabel('Amount to credit (net)').fill('100');
      await topUp.getByRole('button', { name: 'Request a bank transfer top-up' }).click();
      await topUp.getByRole('heading', { name: 'Make the bank transfer' }).waitFor();
      await saveScreenshot(page, 'layout-transfer-instructions', { fullPage: false });
      await assertNoOverlaps(page, 'the bank transfer instructions');
      const copies = topUp.getByRole('button', { name: /^Copy: / });
      expect(await copies.count()).toBe(2);
      await expectBeside(copies.nth(0));
      await expectBeside(copies.nth(1));
    });
  },
);
