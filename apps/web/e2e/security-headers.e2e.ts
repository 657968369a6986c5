import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postEntries } from '../../api/src/contexts/organisations/organisations/test-helpers';
import { organisationId } from '../../api/src/contexts/organisations/organisations/test-users';
import { loginThroughForm, signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix } from './support/texts';

const e2e = setupE2E();

/**
 * Everything the browser refused under the server's Content-Security-Policy (and any complaint
 * about the Permissions-Policy header), from the console and from `securitypolicyviolation`.
 */
async function watchPolicies(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Permissions[- ]Policy/i.test(message.text()))
      console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile})`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

describe('the built app under its Content-Security-Policy', () => {
  it('serves its pages with the security headers', async () => {
    const { page } = await e2e.open();
    const response = await page.goto(`${panelPrefix.admin}/payments`);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['permissions-policy']).toContain('camera=()');
  });

  it('every panel works without a single violation: login, payments with the chart, a toast, PDF and e-mail previews', async () => {
    // Balance movements, so that the organisation panels draw their trend charts.
    const pln = await e2e.server.t.referenceId('currencies', 'PLN');
    const agencyId = await organisationId(e2e.server.t, 'agency', 'Demo Agency');
    const advertiserId = await organisationId(e2e.server.t, 'advertiser', 'Demo Shop');
    await postEntries(e2e.server.t, { agencyId }, 'balance', pln, [100_000]);
    await postEntries(e2e.server.t, { advertiserId }, 'balance', pln, [50_000]);

    for (const user of [demo.admin, demo.agency]) {
      const { context, page } = await e2e.open();
      const violations = await watchPolicies(page);
      await signIn(context, e2e.server, user);
      await page.goto(`${panelPrefix[user.kind]}/payments`);
      await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
      // The organisation panels draw the balance trend (recharts); the admin's page lists.
      if (user.kind === 'admin') await page.getByRole('tab', { name: 'Transactions' }).waitFor();
      else await page.locator('.recharts-surface').first().waitFor();
      if (user.kind === 'admin') {
        // An e-mail's preview: the template's HTML, styled by style attributes as mail needs.
        await page.goto(`${panelPrefix.admin}/notifications`);
        await page.getByRole('tab', { name: 'Templates' }).click();
        await page.getByRole('button', { name: 'Edit Password reset (English)' }).click();
        const preview = page.frameLocator('iframe[title="Preview of the template with sample values"]');
        const body = preview.locator('body');
        await preview.locator('table').first().waitFor();
        expect(await body.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe(
          'rgb(243, 246, 244)',
        );
      }
      expect(await violations(), user.kind).toEqual([]);
    }

    // The advertiser logs in through the form, asks for a top-up (a toast) and opens its proforma.
    const { context, page } = await e2e.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const violations = await watchPolicies(page);
    await loginThroughForm(page, demo.advertiser);
    await page.goto(`${panelPrefix.advertiser}/payments`);
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await page.locator('.recharts-surface').first().waitFor();

    await page.getByRole('button', { name: 'Top up', exact: true }).click();
    const topUp = page.getByRole('dialog', { name: 'Top up the balance' });
    const bank = topUp.getByRole('button', { name: 'By bank transfer' });
    if (await bank.count()) await bank.click();
    await topUp.getByLabel('Amount to credit (net)').fill('120');
    await topUp.getByRole('button', { name: 'Request a bank transfer top-up' }).click();
    await topUp.getByRole('heading', { name: 'Make the bank transfer' }).waitFor();
    await page.keyboard.press('Escape');
    await topUp.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Top-up requests' }).click();
    await page
      .getByRole('button', { name: /^Open the top-up request #/ })
      .first()
      .click();
    const request = page.getByRole('dialog', { name: /^Top-up request #/ });
    const pdf = request.locator('object[type="application/pdf"]');
    await pdf.waitFor({ state: 'attached' });
    expect(await pdf.getAttribute('data')).toMatch(/^blob:/);
    // 'Open in new tab' goes through a one-use download link.
    const linkAnswers: { url: string; status: number }[] = [];
    page.context().on('response', (response) => {
      if (response.url().includes('authorization='))
        linkAnswers.push({ url: response.url(), status: response.status() });
    });
    const popup = page.waitForEvent('popup');
    await request.getByRole('button', { name: 'Open in new tab' }).click();
    const tab = await popup;
    await expect.poll(() => linkAnswers.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [link] = new Set(linkAnswers.map((answer) => answer.url));
    expect(link).toMatch(/\/proforma\?authorization=[\w-]{43}$/);
    // Chromium's PDF viewer may report the one response twice; the tab never sees a refusal.
    expect(linkAnswers.every((answer) => answer.url === link && answer.status === 200)).toBe(true);
    await tab.close();
    // Used up: the same address opens nothing again. Asked outside a tab: a tab re-navigating to
    // a PDF address can be interrupted by its own PDF viewer reloading the same address.
    expect((await context.request.get(link as string)).status()).toBe(401);
    // The toast's own stylesheet applies (it is a file now, not an injected <style>).
    await request.getByRole('button', { name: /^Copy/ }).first().click();
    const toast = page.locator('.Toastify__toast').first();
    await toast.waitFor();
    expect(await toast.evaluate((node) => getComputedStyle(node).position)).toBe('relative');
    expect(await violations()).toEqual([]);
  });
});
