import { describe, expect, it } from 'vitest';
import { httpCall, loginThroughForm, submitLoginForm } from './support/session';
import { setupE2E } from './support/setup';
import { demo, loginPath, panelPrefix, texts, under } from './support/texts';

const e2e = setupE2E();

describe('login pages (spec section 2, "Login pages")', () => {
  for (const user of [demo.admin, demo.agency, demo.advertiser]) {
    it(`${user.kind}: title, heading, fields and links, then a login lands under ${panelPrefix[user.kind]}`, async () => {
      const { page } = await e2e.open();
      await page.goto(loginPath(user.kind));
      const spec = texts.login[user.kind];
      await page.getByRole('heading', { level: 1, name: spec.heading, exact: true }).waitFor();
      await expect.poll(() => page.title()).toBe(spec.title);

      const login = page.getByLabel(texts.loginLabel, { exact: true });
      const password = page.getByLabel(texts.passwordLabel, { exact: true });
      expect(await login.getAttribute('placeholder')).toBe(texts.loginPlaceholder);
      expect(await password.getAttribute('placeholder')).toBe(texts.passwordPlaceholder);
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('link', { name: texts.forgotPassword }).waitFor();
      expect(await page.getByRole('link', { name: texts.register, exact: true }).count()).toBe(
        user.kind === 'admin' ? 0 : 1,
      );

      await loginThroughForm(page, user);
      expect(new URL(page.url()).pathname.startsWith(panelPrefix[user.kind])).toBe(true);
    });
  }

  it("loads the form's checks and calls (zod, the contract) only once the user starts on the form", async () => {
    const { page } = await e2e.open();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(loginPath('advertiser'));
    await page
      .getByRole('heading', { level: 1, name: texts.login.advertiser.heading, exact: true })
      .waitFor();
    const loginCalls = (path: string) => /\/login-calls-[\w-]+\.js$/.test(path);
    expect(scripts.filter(loginCalls)).toEqual([]);

    await page.getByLabel(texts.loginLabel, { exact: true }).focus();
    await expect.poll(() => scripts.filter(loginCalls).length).toBe(1);
  });

  it('a wrong password shows "Incorrect login or password" and stays on the login page', async () => {
    const { page } = await e2e.open();
    await submitLoginForm(page, { ...demo.advertiser, password: 'not-the-password' });
    await page.getByRole('alert').filter({ hasText: texts.incorrectLogin }).waitFor();
    expect(new URL(page.url()).pathname).toBe(loginPath('advertiser'));
  });

  it('an unknown login shows the same text', async () => {
    const { page } = await e2e.open();
    await submitLoginForm(page, { kind: 'admin', login: 'nobody@example.com', password: 'whatever-1' });
    await page.getByRole('alert').filter({ hasText: texts.incorrectLogin }).waitFor();
  });

  it('an account that is not activated yet shows "Your email is not verified. Please check your inbox."', async () => {
    const { server } = e2e;
    const email = 'unverified-agency@example.com';
    const password = 'Unverified-pass-2931';
    const registered = await httpCall(server, 'POST', '/api/agency/auth/register', {
      body: {
        name: 'Unverified Agency',
        countryId: await server.t.referenceId('countries', 'PL'),
        currencyId: await server.t.referenceId('currencies', 'PLN'),
        firstName: 'Una',
        lastName: 'Verified',
        email,
        password,
        passwordConfirmation: password,
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);

    const { page } = await e2e.open();
    await submitLoginForm(page, { kind: 'agency', login: email, password });
    await page.getByRole('alert').filter({ hasText: texts.notVerified }).waitFor();
    expect(new URL(page.url()).pathname).toBe(loginPath('agency'));
  });

  it('during maintenance (503) the login shows the maintenance text and the banner at the bottom', async () => {
    const { t } = e2e.server;
    const { page } = await e2e.open();
    const setMaintenance = (on: boolean) => t.deps.settings.set(t.database.db, 'maintenance', on);
    await setMaintenance(true);
    try {
      await submitLoginForm(page, demo.advertiser);
      await page.getByRole('alert').filter({ hasText: texts.maintenance }).first().waitFor();
      // The form's error and the banner at the bottom of the screen.
      const shown = page.getByText(texts.maintenance, { exact: true });
      await expect.poll(() => shown.count()).toBeGreaterThanOrEqual(2);
      const height = page.viewportSize()?.height ?? 0;
      const tops = await Promise.all((await shown.all()).map(async (l) => (await l.boundingBox())?.y ?? 0));
      expect(Math.max(...tops), 'a banner near the bottom of the screen').toBeGreaterThan(height - 150);
    } finally {
      await setMaintenance(false);
    }
    // Any other answer switches the banner off again.
    await page.getByRole('button', { name: texts.loginButton, exact: true }).click();
    await page.waitForURL(under(panelPrefix.advertiser));
    await page.getByText(texts.maintenance).first().waitFor({ state: 'hidden' });
  });

  it('the agency password show/hide toggle switches the input type', async () => {
    const { page } = await e2e.open();
    await page.goto(loginPath('agency'));
    const password = page.getByLabel(texts.passwordLabel, { exact: true });
    await password.fill('secret-value');
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByRole('button', { name: /show password/i }).click();
    await expect.poll(() => password.getAttribute('type')).toBe('text');
    expect(await password.inputValue()).toBe('secret-value');

    await page.getByRole('button', { name: /hide password/i }).click();
    await expect.poll(() => password.getAttribute('type')).toBe('password');
  });

  it('a panel page opened without a session shows the login, then the page asked for', async () => {
    const { page } = await e2e.open();
    await page.goto('/panel/agency/payments');
    await page.waitForURL(under(loginPath('agency')));
    await page.getByRole('heading', { name: texts.login.agency.heading }).waitFor();
    await page.getByLabel(texts.loginLabel, { exact: true }).fill(demo.agency.login);
    await page.getByLabel(texts.passwordLabel, { exact: true }).fill(demo.agency.password);
    await page.getByRole('button', { name: texts.loginButton, exact: true }).click();
    await page.waitForURL(under('/panel/agency/payments'));
  });
});
