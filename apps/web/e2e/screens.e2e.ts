import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, violationSummary } from './support/axe';
import { DESKTOP, MOBILE } from './support/browser';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, loginPath, panelPrefix, texts, under } from './support/texts';

const e2e = setupE2E();

/** Settled: web fonts loaded, no transition half-way (the page's own content is awaited before). */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(200);
}

const widths = [DESKTOP, MOBILE];

describe('login pages: no serious or critical axe violation; screenshots at 1440 and 375px', () => {
  for (const kind of ['admin', 'agency', 'advertiser'] as const) {
    it(`${kind} login`, async () => {
      for (const viewport of widths) {
        const { page } = await e2e.open(viewport);
        await page.goto(loginPath(kind));
        await page.getByRole('heading', { level: 1, name: texts.login[kind].heading }).waitFor();
        await settle(page);
        await saveScreenshot(page, `login-${kind}`);
        const violations = await seriousViolations(page, `${loginPath(kind)} at ${viewport.width}px`);
        expect(violationSummary(violations), `${kind} login at ${viewport.width}px`).toEqual([]);
      }
    });
  }
});

describe('panel roots after login: no serious or critical axe violation; screenshots at 1440 and 375px', () => {
  for (const user of [demo.admin, demo.agency, demo.advertiser]) {
    it(`${user.kind} panel`, async () => {
      for (const viewport of widths) {
        const { context, page } = await e2e.open(viewport);
        await signIn(context, e2e.server, user);
        await page.goto(panelPrefix[user.kind]);
        await page.waitForURL(under(panelPrefix[user.kind]));
        await page.getByRole('main').waitFor();
        // The profile box names the user (at 375px through the compact trigger's label).
        await page.getByRole('button', { name: user.name }).waitFor();
        await settle(page);
        await saveScreenshot(page, `panel-${user.kind}`);
        const violations = await seriousViolations(page, `${page.url()} at ${viewport.width}px`);
        expect(violationSummary(violations), `${user.kind} panel at ${viewport.width}px`).toEqual([]);
      }
    });
  }

  it('advertiser panel with the mobile menu open (375px)', async () => {
    const { context, page } = await e2e.open(MOBILE);
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(panelPrefix.advertiser);
    await page.getByRole('button', { name: /^open menu$/i }).tap();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await settle(page);
    await saveScreenshot(page, 'panel-advertiser-menu', { fullPage: false });
    const violations = await seriousViolations(page, 'advertiser panel with the menu open');
    expect(violationSummary(violations)).toEqual([]);
  });
});
