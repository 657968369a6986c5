import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkPathFromMail, waitForMail } from './support/mail';
import { cookieValue, loginThroughForm, submitLoginForm } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix, texts, under } from './support/texts';

const e2e = setupE2E();

/** Fields without words in the spec are found by their form names (the API's field names). */
const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);
const submit = (page: Page) => page.locator('form button[type="submit"]');

describe('password reset through the e-mailed link (spec section 2)', () => {
  it('advertiser: request, open the link from the outbox, set a new password, land in the panel, log in with it', async () => {
    const { page } = await e2e.open();
    const user = demo.solo;
    const newPassword = 'Fresh-solo-pass-4821';

    await page.goto('/account/advertiser/password-reset');
    await field(page, 'login').fill(user.login);
    await submit(page).click();
    // The page says a mail is on its way, to that address.
    await page.getByRole('status').filter({ hasText: user.login }).waitFor();

    const mail = await waitForMail(e2e.server, user.login, '/account/advertiser/password-change?token=');
    const link = linkPathFromMail(mail.html, '/password-change?token=');
    await page.goto(link);
    await field(page, 'password').fill(newPassword);
    await field(page, 'passwordConfirmation').fill(newPassword);
    await submit(page).click();
    await page.waitForURL(under(panelPrefix.advertiser));
    expect(await cookieValue(page.context(), 'authToken')).toBeTruthy();

    // The link works once.
    const { page: again } = await e2e.open();
    await again.goto(link);
    await again.getByRole('alert').waitFor();
    expect(await field(again, 'password').count()).toBe(0);

    // The old password no longer works; the new one does.
    const { page: fresh } = await e2e.open();
    await submitLoginForm(fresh, user);
    await fresh.getByRole('alert').filter({ hasText: texts.incorrectLogin }).waitFor();
    await loginThroughForm(fresh, { ...user, password: newPassword });
  });
});

describe('registration and activation through the UI (spec section 2)', () => {
  for (const kind of ['agency', 'advertiser'] as const) {
    it(`${kind}: register, see the inbox message, open the activation link, land in the panel`, async () => {
      const { page } = await e2e.open();
      const email = `new-${kind}@example.com`;
      const password = `Register-${kind}-7731`;

      await page.goto(`/account/${kind}/register`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await field(page, 'name').fill(kind === 'agency' ? 'Fresh Agency' : 'Fresh Shop');
      if (kind === 'advertiser') await field(page, 'websiteUrl').fill('https://fresh-shop.example.com');
      // The lists load from the API; pick Poland and the złoty.
      const country = String(await e2e.server.t.referenceId('countries', 'PL'));
      const currency = String(await e2e.server.t.referenceId('currencies', 'PLN'));
      await field(page, 'countryId').locator(`option[value="${country}"]`).waitFor({ state: 'attached' });
      await field(page, 'countryId').selectOption(country);
      await field(page, 'currencyId').locator(`option[value="${currency}"]`).waitFor({ state: 'attached' });
      await field(page, 'currencyId').selectOption(currency);
      await field(page, 'firstName').fill('Nina');
      await field(page, 'lastName').fill('Nowak');
      await field(page, 'phone').fill('+48 600 100 200');
      await field(page, 'email').fill(email);
      await field(page, 'password').fill(password);
      await field(page, 'passwordConfirmation').fill(password);
      await submit(page).click();

      // 'Check your inbox', naming the address.
      await page.getByRole('status').filter({ hasText: email }).waitFor();

      // Not active yet: the login says so.
      const { page: early } = await e2e.open();
      await submitLoginForm(early, { kind, login: email, password });
      await early.getByRole('alert').filter({ hasText: texts.notVerified }).waitFor();

      const mail = await waitForMail(e2e.server, email, `/account/${kind}/activate?token=`);
      await page.goto(linkPathFromMail(mail.html, '/activate?token='));
      await page.waitForURL(under(panelPrefix[kind]));
      await page.getByRole('button', { name: 'Nina Nowak' }).waitFor();

      // From now on the login works.
      const { page: later } = await e2e.open();
      await loginThroughForm(later, { kind, login: email, password });
    });
  }
});
