import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postEntries } from '../../api/src/contexts/organisations/organisations/test-helpers';
import { organisationId } from '../../api/src/contexts/organisations/organisations/test-users';
import { seriousViolations, violationSummary } from './support/axe';
import { clickAndAccept } from './support/confirm';
import { moneyFigure } from './support/payments';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix } from './support/texts';

const e2e = setupE2E();

describe('the agency payments page', () => {
  it('shows the balance and its trend, requests a bank transfer top-up and funds an advertiser', async () => {
    const agency = await organisationId(e2e.server.t, 'agency', 'Demo Agency');
    const pln = await e2e.server.t.referenceId('currencies', 'PLN');
    await postEntries(e2e.server.t, { agencyId: agency }, 'balance', pln, [100_000]);

    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.agency);
    await page.goto(`${panelPrefix.agency}/payments`);
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await expect.poll(() => moneyFigure(page, 'Balance').first().textContent()).toBe('1,000.00 zł');
    await page.getByText(/Closing balance of each of the last 90 days/).waitFor();
    const table = page.getByRole('table', { name: 'Balance movements, newest first' });
    await table.getByRole('cell', { name: 'Correction' }).waitFor();
    await saveScreenshot(page, 'agency-payments');
    expect(violationSummary(await seriousViolations(page, 'the agency payments page'))).toEqual([]);

    // A bank transfer top-up: the amounts as they are typed, then what to transfer where.
    await page.getByRole('button', { name: 'Top up', exact: true }).click();
    const topUp = page.getByRole('dialog', { name: 'Top up the balance' });
    const bank = topUp.getByRole('button', { name: 'By bank transfer' });
    if (await bank.count()) await bank.click();
    await topUp.getByLabel('Amount to credit (net)').fill('100');
    await topUp.getByText('To pay (gross)').waitFor();
    await topUp.getByRole('button', { name: 'Request a bank transfer top-up' }).click();
    await topUp.getByRole('heading', { name: 'Make the bank transfer' }).waitFor();
    await topUp.getByText('Transfer title').waitFor();
    await saveScreenshot(page, 'agency-top-up-request', { fullPage: false });
    expect(violationSummary(await seriousViolations(page, 'the top-up panel'))).toEqual([]);
    await page.keyboard.press('Escape');
    await topUp.waitFor({ state: 'hidden' });

    // A transfer to the demo shop moves the agency's balance at once.
    await page.getByRole('button', { name: 'Transfer to an advertiser' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transfer funds' });
    await transfer.getByRole('option', { name: 'Demo Shop' }).waitFor({ state: 'attached' });
    await transfer.getByLabel('Advertiser', { exact: true }).selectOption({ label: 'Demo Shop' });
    await transfer.getByLabel('Amount', { exact: true }).fill('50');
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await transfer.waitFor({ state: 'hidden' });
    await expect.poll(() => moneyFigure(page, 'Balance').first().textContent()).toBe('950.00 zł');
    await table
      .getByRole('cell', { name: /Transfer/ })
      .first()
      .waitFor();
    await saveScreenshot(page, 'agency-payments-after-transfer');
  });
});

describe('a bank transfer top-up, from the request to the invoice', () => {
  it('an advertiser requests a top-up, the admin accepts it, the balance and invoice appear', async () => {
    const shop = await e2e.open();
    await signIn(shop.context, e2e.server, demo.advertiser);
    await shop.page.goto(`${panelPrefix.advertiser}/payments`);
    await shop.page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    // The earlier test funded the shop; this one adds to whatever it has.
    const balanceOn = (page: Page) => async () =>
      Number((await moneyFigure(page, 'Balance').first().textContent())?.split(' ')[0]?.replaceAll(',', ''));
    await expect.poll(balanceOn(shop.page)).not.toBeNaN();
    const before = await balanceOn(shop.page)();

    await shop.page.getByRole('button', { name: 'Top up', exact: true }).click();
    const topUp = shop.page.getByRole('dialog', { name: 'Top up the balance' });
    const bank = topUp.getByRole('button', { name: 'By bank transfer' });
    if (await bank.count()) await bank.click();
    await topUp.getByLabel('Amount to credit (net)').fill('250');
    await topUp.getByRole('button', { name: 'Request a bank transfer top-up' }).click();
    await topUp.getByRole('heading', { name: 'Make the bank transfer' }).waitFor();
    await shop.page.keyboard.press('Escape');
    await shop.page.getByRole('tab', { name: 'Top-up requests' }).click();
    const requests = shop.page.getByRole('table', { name: 'Top-up requests' });
    await requests.getByText('Pending').waitFor();
    // One person, one browser: Chromium closes a page's native confirm() when another of its
    // windows becomes the active one, so the shop's window is closed while the admin decides.
    await shop.context.close();

    // The admin finds it in the queue and accepts it.
    const admin = await e2e.open();
    await signIn(admin.context, e2e.server, demo.admin);
    await admin.page.goto(`${panelPrefix.admin}/payments?tab=requests&status=pending`);
    const queue = admin.page.getByRole('table', { name: 'Top-up requests' });
    await queue.getByRole('cell', { name: 'Demo Shop' }).waitFor();
    await queue
      .getByRole('button', { name: /^Open the top-up request #/ })
      .first()
      .click();
    const request = admin.page.getByRole('dialog', { name: /^Top-up request #/ });
    await request.getByText('Demo Shop').first().waitFor();
    await clickAndAccept(admin.page, request.getByRole('button', { name: 'Accept', exact: true }));
    await admin.page.getByText('The top-up request has been accepted.').first().waitFor();
    await saveScreenshot(admin.page, 'admin-top-up-request-accepted');
    await admin.context.close();

    // The advertiser's page shows the credited balance, the movement and its invoice.
    const back = await e2e.open();
    await signIn(back.context, e2e.server, demo.advertiser);
    await back.page.goto(`${panelPrefix.advertiser}/payments`);
    await expect.poll(balanceOn(back.page)).toBe(before + 250);
    const movements = back.page.getByRole('table', { name: 'Balance movements, newest first' });
    const row = movements.getByRole('row').filter({ hasText: 'Bank transfer top-up' });
    await row.getByText('+250.00 zł').waitFor();
    await row.getByRole('button', { name: /^Preview invoice / }).click();
    const preview = back.page.getByRole('dialog', { name: /^Invoice / });
    await preview.locator('object[type="application/pdf"]').waitFor({ state: 'attached' });
    await back.page.keyboard.press('Escape');
    await back.page.getByRole('tab', { name: 'Invoices' }).click();
    const invoices = back.page.getByRole('table', { name: 'Invoices' });
    await invoices
      .getByRole('button', { name: /^Preview invoice / })
      .first()
      .waitFor();
    expect(await invoices.getByRole('row').count()).toBe(2);
    await saveScreenshot(back.page, 'advertiser-payments-invoices');
    expect(violationSummary(await seriousViolations(back.page, 'the advertiser invoices tab'))).toEqual([]);
  });
});
