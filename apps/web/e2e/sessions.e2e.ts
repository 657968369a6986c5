import { describe, expect, it } from 'vitest';
import { cookieValue, httpCall, loginThroughForm, signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, loginPath, panelPrefix, texts, under } from './support/texts';

const e2e = setupE2E();

const anyLoginPage = /\/account\/(admin|agency|advertiser)\/login(?:[?#]|$)/;
const anyLoginHeading = new RegExp(
  Object.values(texts.login)
    .map((l) => l.heading)
    .join('|'),
);

describe('routing by user type (spec sections 2 and 6)', () => {
  it('an agency user who opens the advertiser panel ends up under the agency prefix', async () => {
    const { page } = await e2e.open();
    await loginThroughForm(page, demo.agency);
    await page.goto('/panel/advertiser/banners');
    await page.waitForURL(under(panelPrefix.agency));
    expect(new URL(page.url()).pathname.startsWith(panelPrefix.agency)).toBe(true);
  });

  it('an advertiser user who opens the admin and agency panels ends up under the advertiser prefix', async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.advertiser);
    for (const path of ['/panel/admin/agencies', '/panel/agency/advertisers']) {
      await page.goto(path);
      await page.waitForURL(under(panelPrefix.advertiser));
    }
  });

  it('an admin who opens the advertiser panel ends up under the admin prefix', async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.admin);
    await page.goto('/panel/advertiser');
    await page.waitForURL(under(panelPrefix.admin));
  });

  for (const user of [demo.admin, demo.agency, demo.advertiser]) {
    it(`'/' sends a signed-in ${user.kind} user to ${panelPrefix[user.kind]}`, async () => {
      const { context, page } = await e2e.open();
      await signIn(context, e2e.server, user);
      await page.goto('/');
      await page.waitForURL(under(panelPrefix[user.kind]));
    });
  }

  it("'/' without a session is the public home", async () => {
    const { page } = await e2e.open();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it("'/panel/admin' while logged out shows the admin login page", async () => {
    const { page } = await e2e.open();
    await page.goto(panelPrefix.admin);
    await page.waitForURL(under(loginPath('admin')));
    await page.getByRole('heading', { name: texts.login.admin.heading, exact: true }).waitFor();
  });

  it('a dead token in the cookie is dropped and the login page is shown', async () => {
    const { context, page } = await e2e.open();
    await context.addCookies([{ name: 'authToken', value: 'not-a-real-token', url: e2e.server.baseURL }]);
    await page.goto(panelPrefix.advertiser);
    await page.waitForURL(under(loginPath('advertiser')));
    await expect.poll(() => cookieValue(context, 'authToken')).toBeUndefined();
  });
});

describe('logout from the profile box (spec section 2, "Profile box")', () => {
  for (const user of [demo.agency, demo.advertiser]) {
    it(`${user.kind}: 'Logout' in the dropdown leads to a login page and the old token is dead`, async () => {
      const { context, page } = await e2e.open();
      await loginThroughForm(page, user);
      const token = await cookieValue(context, 'authToken');
      expect(token, 'the login stores the token in the authToken cookie').toBeTruthy();
      expect((await httpCall(e2e.server, 'GET', `/api/${user.kind}/me`, { token })).status).toBe(200);

      const trigger = page.getByRole('button', { name: user.name });
      await trigger.click();
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('button', { name: texts.logout, exact: true }).click();

      await page.waitForURL(anyLoginPage);
      await page.getByRole('heading', { level: 1, name: anyLoginHeading }).waitFor();
      await expect.poll(() => cookieValue(context, 'authToken')).toBeUndefined();
      expect((await httpCall(e2e.server, 'GET', `/api/${user.kind}/me`, { token })).status).toBe(401);

      // The panel is closed now: opening it again asks to log in.
      await page.goto(panelPrefix[user.kind]);
      await page.waitForURL(under(loginPath(user.kind)));
    });
  }

  it('the dropdown opens with Enter, shows User Settings and Logout, and closes with Escape', async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(panelPrefix.advertiser);
    const trigger = page.getByRole('button', { name: demo.advertiser.name });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: texts.logout, exact: true }).waitFor();
    await page.getByRole('link', { name: texts.userSettings }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: texts.logout, exact: true }).waitFor({ state: 'hidden' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
  });
});
