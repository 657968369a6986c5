import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, violationSummary } from './support/axe';
import { DESKTOP, MOBILE } from './support/browser';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix, under } from './support/texts';

const e2e = setupE2E();

const advertisersRoute = `${panelPrefix.agency}/advertisers`;
const tagline = 'E-commerce marketing made simple. For all.';
const agencyKeys = [
  'agency.logo',
  'agency.advertisers',
  'agency.reporting',
  'agency.payments',
  'agency.users',
];

const tooltip = (page: Page) => page.getByRole('alertdialog');
const seenKeys = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('guide_seen_steps') ?? '[]') as string[]);

/** The tour's step: its heading (the logo step has none) and the primary button. */
async function expectStep(page: Page, heading: string | null, primary: string) {
  const dialog = tooltip(page);
  await dialog.waitFor();
  if (heading) await dialog.getByRole('heading', { name: heading, exact: true }).waitFor();
  else await dialog.getByText(tagline).waitFor();
  await dialog.getByRole('button', { name: primary, exact: true }).waitFor();
}

const next = (page: Page, label: string) =>
  tooltip(page).getByRole('button', { name: label, exact: true }).click();

/** Long enough for the tour to have started, had it been going to. */
async function expectNoTour(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  await page.waitForTimeout(1500);
  expect(await tooltip(page).count()).toBe(0);
}

describe('the agency advertisers tour (spec sections 2, 4 and 9)', () => {
  it('runs with Next, survives a reload, does not start again once seen, and Restart guide starts it', async () => {
    const { context, page } = await e2e.open(DESKTOP, { guidance: true });
    await signIn(context, e2e.server, demo.agency);
    await page.goto(advertisersRoute);

    // The welcome popup comes first; the tour waits for it.
    const popup = page.getByRole('dialog', { name: 'Welcome to your agency panel' });
    await popup.waitFor();
    expect(await tooltip(page).count()).toBe(0);
    await saveScreenshot(page, 'welcome-popup-agency', { fullPage: false });
    expect(violationSummary(await seriousViolations(page, 'the welcome popup'))).toEqual([]);
    await popup.getByRole('button', { name: 'Start the guided tour' }).click();

    await expectStep(page, null, 'Next (1 of 5)');
    // The logo is the highlighted target, and the tooltip is 380px wide.
    const box = await tooltip(page).boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(380);
    await saveScreenshot(page, 'tour-agency-logo', { fullPage: false });
    expect(violationSummary(await seriousViolations(page, 'the tour tooltip'))).toEqual([]);
    await next(page, 'Next (1 of 5)');
    await expectStep(page, 'Advertisers', 'Next (2 of 5)');
    await next(page, 'Next (2 of 5)');
    await expectStep(page, 'Reporting', 'Next (3 of 5)');
    expect(await seenKeys(page)).toEqual(agencyKeys.slice(0, 2));

    // A reload mid-way: no popup again, the tour goes on from the first unseen step.
    await page.reload();
    await expectStep(page, 'Reporting', 'Next (3 of 5)');
    expect(await page.getByRole('dialog', { name: 'Welcome to your agency panel' }).count()).toBe(0);
    await next(page, 'Next (3 of 5)');
    await expectStep(page, 'Payments', 'Next (4 of 5)');
    await tooltip(page).getByText('invoice').waitFor();
    await next(page, 'Next (4 of 5)');
    await expectStep(page, 'Users', 'Finish');
    await saveScreenshot(page, 'tour-agency-users', { fullPage: false });
    await next(page, 'Finish');
    await tooltip(page).waitFor({ state: 'hidden' });
    expect(await seenKeys(page)).toEqual(agencyKeys);

    // Every step seen: opening the route again does not start it.
    await page.reload();
    await expectNoTour(page);

    // Restart guide (profile box) clears the seen steps and starts it from the first step.
    await page.getByRole('button', { name: demo.agency.name }).click();
    await page.getByRole('button', { name: 'Restart guide' }).click();
    await expectStep(page, null, 'Next (1 of 5)');
    expect(await seenKeys(page)).toEqual([]);
    // Escape closes the tour.
    await page.keyboard.press('Escape');
    await tooltip(page).waitFor({ state: 'hidden' });
  });

  it('at 375px the tour opens the slide-in menu to show the navigation entries', async () => {
    const { context, page } = await e2e.open(MOBILE, { guidance: true });
    await signIn(context, e2e.server, demo.agency);
    await context.addInitScript(() => window.localStorage.setItem('popup_shown_at', String(Date.now())));
    await page.goto(advertisersRoute);
    await expectStep(page, null, 'Next (1 of 5)');
    await next(page, 'Next (1 of 5)');
    await expectStep(page, 'Advertisers', 'Next (2 of 5)');
    const menuButton = page.getByRole('button', { name: 'Close menu' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    // The tooltip fits the screen.
    const box = await tooltip(page).boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= MOBILE.width).toBe(true);
    await saveScreenshot(page, 'tour-agency-menu', { fullPage: false });
    await next(page, 'Next (2 of 5)');
    await expectStep(page, 'Reporting', 'Next (3 of 5)');
    await page.keyboard.press('Escape');
    await tooltip(page).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
  });
});

describe('the advertiser panel', () => {
  it('at 375px the welcome popup offers the tour, which shows the status button and entries in the menu', async () => {
    const { context, page } = await e2e.open(MOBILE, { guidance: true });
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(`${panelPrefix.advertiser}/banners`);
    const popup = page.getByRole('dialog', { name: 'Welcome to your advertiser panel' });
    await popup.getByRole('button', { name: 'Start the guided tour' }).tap();
    await expectStep(page, null, 'Next (1 of 8)');
    await next(page, 'Next (1 of 8)');
    await expectStep(page, 'Integration status', 'Next (2 of 8)');
    await page.getByRole('button', { name: 'Close menu' }).waitFor();
    await next(page, 'Next (2 of 8)');
    await expectStep(page, 'Integrations', 'Next (3 of 8)');
    await tooltip(page).getByRole('button', { name: 'Skip', exact: true }).tap();
    await tooltip(page).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    // Skipped: the guide does not come back by itself.
    expect((await seenKeys(page)).length).toBe(8);
  });
});

describe('the integration status panel (spec sections 2, 3, 4 and 9)', () => {
  it('shows the five areas and the overall status; an entry leads to its page and closes the panel', async () => {
    const { context, page } = await e2e.open(DESKTOP);
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(`${panelPrefix.advertiser}/payments`);
    // Nothing created yet: no campaign is an error, so the whole is Error.
    const button = page.getByRole('button', { name: 'Check integration status Error' });
    await button.click();

    const panel = page.getByRole('dialog', { name: 'Integration status' });
    await panel.waitFor();
    // No feed, no banner, no delivery data yet: warnings; no tag event and no campaign: errors.
    for (const area of ['Products', 'Banners', 'Reports'])
      await panel.getByRole('button', { name: new RegExp(`^${area} Warning`) }).waitFor();
    for (const area of ['Tags', 'Campaigns'])
      await panel.getByRole('button', { name: new RegExp(`^${area} Error`) }).waitFor();
    await panel.getByText('Set up your product feed: a feed URL or an uploaded file.').waitFor();
    const box = await panel.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(320);
    expect(box?.width).toBeLessThanOrEqual(400);
    expect(box?.height).toBeLessThanOrEqual(580);
    await saveScreenshot(page, 'integration-status', { fullPage: false });
    expect(violationSummary(await seriousViolations(page, 'the integration status panel'))).toEqual([]);

    await panel.getByRole('button', { name: /^Banners/ }).click();
    await page.waitForURL(under(`${panelPrefix.advertiser}/banners`));
    await panel.waitFor({ state: 'hidden' });

    // On the banners page its entry goes nowhere: the panel stays open.
    await button.click();
    await panel.getByText('You are here').waitFor();
    await panel.getByText('Banners', { exact: true }).click();
    expect(await panel.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`${panelPrefix.advertiser}/banners`);
    // Products lead to integrations.
    await panel.getByRole('button', { name: /^Products/ }).click();
    await page.waitForURL(under(`${panelPrefix.advertiser}/integrations`));
    await panel.waitFor({ state: 'hidden' });
  });

  it('at 375px it opens from the slide-in menu and fits the screen', async () => {
    const { context, page } = await e2e.open(MOBILE);
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(`${panelPrefix.advertiser}/payments`);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('button', { name: 'Check integration status Error' }).tap();
    const panel = page.getByRole('dialog', { name: 'Integration status' });
    await panel.getByRole('button', { name: /^Campaigns/ }).waitFor();
    const box = await panel.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(320);
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= MOBILE.width).toBe(true);
    await saveScreenshot(page, 'integration-status', { fullPage: false });
    await panel.getByRole('button', { name: /^Campaigns/ }).tap();
    await page.waitForURL(under(`${panelPrefix.advertiser}/campaigns`));
    await panel.waitFor({ state: 'hidden' });
  });
});
