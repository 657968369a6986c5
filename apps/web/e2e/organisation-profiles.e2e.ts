import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postEntries } from '../../api/src/contexts/organisations/organisations/test-helpers';
import {
  organisationId,
  organisationUser,
} from '../../api/src/contexts/organisations/organisations/test-users';
import { seriousViolations, violationSummary } from './support/axe';
import { MOBILE } from './support/browser';
import { saveScreenshot } from './support/screenshot';
import { httpCall, signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix, under } from './support/texts';

const e2e = setupE2E();

const agencyProfile = `${panelPrefix.agency}/agencies/me`;
const advertiserProfile = `${panelPrefix.advertiser}/advertisers/me`;

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The value shown under a figure's label (balances, terms). */
const figure = (page: Page, card: string, label: string) =>
  region(page, card).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

async function expectAccessible(page: Page, label: string) {
  const violations = await seriousViolations(page, label);
  expect(violationSummary(violations)).toEqual([]);
}

describe('organisation profiles and logs', () => {
  it("the demo agency user edits its billing data and sees 'billing complete'", async () => {
    const { context, page } = await e2e.open();
    const token = await signIn(context, e2e.server, demo.agency);
    await page.goto(agencyProfile);
    await page.getByRole('heading', { name: 'Demo Agency', level: 1 }).waitFor();
    const summary = region(page, 'Agency profile');
    await summary.getByText('Billing complete').waitFor();

    // Clearing the tax ID makes the billing data incomplete, and the page says what is missing.
    const billing = region(page, 'Billing data');
    await billing.getByLabel('Tax ID').fill('');
    await billing.getByRole('button', { name: 'Save billing data' }).click();
    await page.getByText('The billing data has been saved.').first().waitFor();
    await summary.getByText('Billing incomplete').waitFor();
    const missing = page.getByRole('list', { name: 'Missing billing data' });
    expect(await missing.getByRole('listitem').allTextContents()).toEqual(['Tax ID']);

    await billing.getByLabel('Tax ID').fill('PL5250001009');
    await billing.getByLabel('Billing e-mail').fill('invoices@demo-agency.example.com');
    await billing.getByLabel('Tax address').fill('ul. Nowa 5, 00-002 Warszawa');
    await billing.getByRole('button', { name: 'Save billing data' }).click();
    await summary.getByText('Billing complete').waitFor();
    await region(page, 'Billing status').getByText('Everything invoices need is set.').waitFor();
    expect(await missing.count()).toBe(0);

    // Reloaded, the page shows what the API keeps.
    await page.reload();
    await region(page, 'Billing data').getByLabel('Billing e-mail').waitFor();
    expect(await region(page, 'Billing data').getByLabel('Billing e-mail').inputValue()).toBe(
      'invoices@demo-agency.example.com',
    );
    const info = await httpCall(e2e.server, 'GET', '/api/agency/me/billing-info', { token });
    expect(info.body).toMatchObject({
      data: { billingInformation: { taxAddress: 'ul. Nowa 5, 00-002 Warszawa', billingComplete: true } },
    });

    expect(await figure(page, 'Terms', 'Highest commission of your advertisers').textContent()).toBe(
      '20.00%',
    );
    await saveScreenshot(page, 'agency-profile');
    await expectAccessible(page, agencyProfile);
  });

  it('the demo advertiser sees its agency and balances', async () => {
    const shop = await organisationId(e2e.server.t, 'advertiser', 'Demo Shop');
    const pln = await e2e.server.t.referenceId('currencies', 'PLN');
    await postEntries(e2e.server.t, { advertiserId: shop }, 'balance', pln, [150000, -26544]);
    await postEntries(e2e.server.t, { advertiserId: shop }, 'agency_balance', pln, [5000]);

    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(advertiserProfile);
    await page.getByRole('heading', { name: 'Demo Shop', level: 1 }).waitFor();
    expect(await figure(page, 'Agency and commission', 'Managed by').textContent()).toBe('Demo Agency');
    expect(await figure(page, 'Agency and commission', 'Commission').textContent()).toBe('15.00%');
    expect(await figure(page, 'Balance and credit', 'Balance').textContent()).toBe('1,234.56 zł');
    expect(await figure(page, 'Balance and credit', 'Funded by the agency').textContent()).toBe('50.00 zł');
    expect(await figure(page, 'Balance and credit', 'Available credit').textContent()).toBe('0.00 zł');
    // The commission and the agency are not the advertiser's to change.
    expect(await page.getByLabel('Commission (%)').count()).toBe(0);
    await saveScreenshot(page, 'advertiser-profile');
    await expectAccessible(page, advertiserProfile);
  });

  it('the agency admin opens its activity log and sees the change it just made', async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.agency);
    await page.goto(agencyProfile);
    const details = region(page, 'Details');
    await details.getByLabel('Phone').fill('+48 22 555 01 02');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The changes have been saved.').first().waitFor();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Activity Logs' })
      .click();
    await page.waitForURL(under(`${panelPrefix.agency}/activity-logs`));
    const table = page.getByRole('table', { name: 'Activity log entries, newest first' });
    const newest = table.getByRole('row').nth(1);
    await newest.waitFor();
    expect(await newest.getByRole('cell').allTextContents()).toEqual([
      expect.any(String),
      'Agency "Demo Agency" updated',
      demo.agency.name,
      'Demo Agency',
    ]);
    // Nothing of an advertiser outside the agency.
    expect(await table.getByText('Solo Store').count()).toBe(0);

    await newest.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Agency "Demo Agency" updated' });
    const phone = dialog.getByRole('row', { name: /^Phone/ });
    expect(await phone.getByRole('cell').allTextContents()).toEqual(['+48 22 123 45 67', '+48 22 555 01 02']);
    await saveScreenshot(page, 'agency-activity-logs');
    await expectAccessible(page, `${panelPrefix.agency}/activity-logs`);
  });

  it('on a phone the bottom bar opens the profile; a service user can neither follow it nor open the page', async () => {
    const { context, page } = await e2e.open(MOBILE);
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(`${panelPrefix.advertiser}/banners`);
    await page.getByRole('link', { name: /Demo Shop/ }).tap();
    await page.waitForURL(under(advertiserProfile));
    await page.getByRole('heading', { name: 'Demo Shop', level: 1 }).waitFor();
    await saveScreenshot(page, 'advertiser-profile');

    const agency = await organisationId(e2e.server.t, 'agency', 'Demo Agency');
    const robot = await organisationUser(e2e.server.t, 'agency', agency, {
      login: 'robot@demo-agency.example.com',
      type: 'service',
    });
    const service = await e2e.open(MOBILE);
    await service.context.addCookies([{ name: 'authToken', value: robot.token, url: e2e.server.baseURL }]);
    await service.page.goto(`${panelPrefix.agency}/payments`);
    const bar = service.page.locator('[aria-disabled="true"]', { hasText: 'Demo Agency' });
    await bar.waitFor();
    expect(await service.page.getByRole('link', { name: /Demo Agency/ }).count()).toBe(0);
    await service.page.goto(agencyProfile);
    await service.page.getByText('Service users cannot open this page.').waitFor();
    const put = await httpCall(e2e.server, 'PUT', '/api/agency/agencies/me', {
      token: robot.token,
      body: { name: 'Robot Agency' },
    });
    expect(put.status).toBe(403);
  });
});
