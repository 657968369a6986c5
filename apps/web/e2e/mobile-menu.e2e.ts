import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE } from './support/browser';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix, under } from './support/texts';

const e2e = setupE2E();

/** The hamburger: its name says what it does ('Open menu' / 'Close menu'), aria-expanded its state. */
const menuButton = (page: Page) => page.getByRole('button', { name: /^(open|close) menu$/i });
const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function openMenu(page: Page) {
  const button = menuButton(page);
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  await button.tap();
  await navigation(page).waitFor();
  expect(await button.getAttribute('aria-expanded')).toBe('true');
}

async function expectClosed(page: Page) {
  await expect.poll(() => menuButton(page).getAttribute('aria-expanded')).toBe('false');
  await navigation(page).waitFor({ state: 'hidden' });
}

describe('mobile menu at 375px (spec section 2, "Navigation")', () => {
  for (const user of [demo.advertiser, demo.agency]) {
    it(`${user.kind}: the hamburger opens the navigation; tapping an item navigates and closes it`, async () => {
      const { context, page } = await e2e.open(MOBILE);
      await signIn(context, e2e.server, user);
      await page.goto(panelPrefix[user.kind]);
      await menuButton(page).waitFor();
      // Collapsed: no navigation on screen until the menu opens.
      expect(await navigation(page).isVisible()).toBe(false);

      await openMenu(page);
      const box = await navigation(page).boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(320);

      await navigation(page).getByRole('link', { name: 'Payments' }).tap();
      await page.waitForURL(under(`${panelPrefix[user.kind]}/payments`));
      await expectClosed(page);
    });
  }

  it('tapping the overlay (outside the 320px menu) closes it and stays on the page', async () => {
    const { context, page } = await e2e.open(MOBILE);
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(`${panelPrefix.advertiser}/banners`);
    await menuButton(page).waitFor();
    await openMenu(page);
    const url = page.url();

    await page.touchscreen.tap(MOBILE.width - 20, MOBILE.height / 2);
    await expectClosed(page);
    expect(page.url()).toBe(url);
  });

  it('the hamburger closes the menu again', async () => {
    const { context, page } = await e2e.open(MOBILE);
    await signIn(context, e2e.server, demo.admin);
    await page.goto(panelPrefix.admin);
    await menuButton(page).waitFor();
    await openMenu(page);
    await menuButton(page).tap();
    await expectClosed(page);
  });
});
