import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postEntries } from '../../api/src/modules/organisations/test-helpers';
import { organisationId } from '../../api/src/modules/organisations/test-users';
import { seriousViolations, violationSummary } from './support/axe';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix } from './support/texts';

const e2e = setupE2E();

/** The value shown under a figure's label. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Balance and credit', exact: true })
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd[1]');

describe('the agency payments page', () => {
  it('shows the balance and its trend, requests a bank transfer top-up and funds an advertiser', async () => {
    const agency = await organisationId(e2e.server.t, 'agency', 'Demo Agency');
    const pln = await e2e.server.t.referenceId('currencies', 'PLN');
    await postEntries(e2e.server.t, { agencyId: agency }, 'balance', pln, [100_000]);

    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.agency);
    await page.goto(`${panelPrefix.agency}/payments`);
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await expect.poll(() => figure(page, 'Balance').first().textContent()).toBe('1000.00 zł');
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
    await expect.poll(() => figure(page, 'Balance').first().textContent()).toBe('950.00 zł');
    await table
      .getByRole('cell', { name: /Transfer/ })
      .first()
      .waitFor();
    await saveScreenshot(page, 'agency-payments-after-transfer');
  });
});
