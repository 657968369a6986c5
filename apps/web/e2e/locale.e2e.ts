import { describe, expect, it } from 'vitest';
import { postEntries } from '../../api/src/contexts/organisations/organisations/test-helpers';
import { organisationId } from '../../api/src/contexts/organisations/organisations/test-users';
import { cookieValue, signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, loginPath, panelPrefix, texts } from './support/texts';

const e2e = setupE2E();

const htmlLang = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.lang);

describe('locale (spec section 2: ?locale=, else the cookie, else English)', () => {
  it('English by default', async () => {
    const { page } = await e2e.open();
    await page.goto(loginPath('advertiser'));
    await page.getByRole('heading', { name: texts.login.advertiser.heading }).waitFor();
    expect(await htmlLang(page)).toBe('en');
  });

  it('?locale=pl shows Polish, and the choice survives a reload without the parameter (cookie)', async () => {
    const { context, page } = await e2e.open();
    await page.goto(`${loginPath('advertiser')}?locale=pl`);
    await page.getByRole('heading', { level: 1, name: texts.polishAdvertiserHeading }).waitFor();
    expect(await htmlLang(page)).toBe('pl');
    expect(await cookieValue(context, 'locale')).toBe('pl');

    await page.goto(loginPath('advertiser'));
    await page.getByRole('heading', { level: 1, name: texts.polishAdvertiserHeading }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: texts.polishAdvertiserHeading }).waitFor();

    // The query parameter wins over the cookie.
    await page.goto(`${loginPath('advertiser')}?locale=en`);
    await page.getByRole('heading', { level: 1, name: texts.login.advertiser.heading }).waitFor();
  });

  it("the login page's locale switcher changes the language, and it persists after a reload", async () => {
    const { context, page } = await e2e.open();
    await page.goto(loginPath('advertiser'));
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pl');
    await page.getByRole('heading', { level: 1, name: texts.polishAdvertiserHeading }).waitFor();
    await expect.poll(() => cookieValue(context, 'locale')).toBe('pl');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: texts.polishAdvertiserHeading }).waitFor();
  });

  it("the panel's locale switcher changes the language, and it persists after a reload", async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(`${panelPrefix.advertiser}/campaigns`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Campaigns' }).waitFor();

    await page.getByRole('combobox', { name: 'Language' }).selectOption('pl');
    await page
      .getByRole('navigation', { name: 'Nawigacja główna' })
      .getByRole('link', { name: 'Kampanie' })
      .waitFor();
    expect(await htmlLang(page)).toBe('pl');
    await expect.poll(() => cookieValue(context, 'locale')).toBe('pl');

    await page.reload();
    await page
      .getByRole('navigation', { name: 'Nawigacja główna' })
      .getByRole('link', { name: 'Kampanie' })
      .waitFor();
    expect(await page.getByRole('combobox', { name: 'Język' }).inputValue()).toBe('pl');

    // And back to English.
    await page.getByRole('combobox', { name: 'Język' }).selectOption('en');
    await nav.getByRole('link', { name: 'Campaigns' }).waitFor();
  });
});

describe('numbers and dates in Polish (spec section 9)', () => {
  it('amounts with a decimal comma and grouped thousands, a date filter typed as DD.MM.YYYY', async () => {
    const agency = await organisationId(e2e.server.t, 'agency', 'Demo Agency');
    const pln = await e2e.server.t.referenceId('currencies', 'PLN');
    await postEntries(e2e.server.t, { agencyId: agency }, 'balance', pln, [123_456_789]);
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.agency);
    await page.goto(`${panelPrefix.agency}/payments?locale=pl`);
    await page.getByRole('heading', { name: 'Płatności', level: 1 }).waitFor();
    // Polish groups thousands with a no-break space.
    await page.getByText('1\u00a0234\u00a0567,89 zł').first().waitFor();

    const from = page.getByLabel('Od', { exact: true });
    expect(await from.getAttribute('placeholder')).toBe('DD.MM.RRRR');
    await from.fill('01.05.2024');
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe('2024-05-01');
    expect(await from.inputValue()).toBe('01.05.2024');
    await page.getByRole('button', { name: 'Wybierz datę: Do' }).click();
    await page
      .getByRole('dialog', { name: 'Kalendarz: Do' })
      .getByText(/2026|2025|2027/)
      .first()
      .waitFor();
  });
});
