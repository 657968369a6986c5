import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE } from './support/browser';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix } from './support/texts';

const e2e = setupE2E();

/** What sticks out past the right edge of a 375 px page: the page scrolls sideways (nothing in a scrolling box counts). */
async function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const inScroller = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > width + 1 && !inScroller(element),
    );
    // The outermost ones: a child of a culprit says nothing more.
    return culprits
      .filter((element) => !culprits.includes(element.parentElement as Element))
      .slice(0, 3)
      .map((element) => {
        const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
        return `${element.tagName.toLowerCase()}.${element.className} "${label}" to ${Math.round(element.getBoundingClientRect().right)} px`;
      });
  });
}

/**
 * What is hidden for the eye but takes room: a visually hidden element is 1×1 px, or (a table
 * keeps its rows' height) the page scrolls on over blank space.
 */
async function roomyHiddenOf(page: Page): Promise<string[]> {
  return page.locator('.visually-hidden').evaluateAll((elements) =>
    elements
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 || box.height > 1)
      .map(
        ({ element, box }) =>
          `hidden ${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 30)}" is ${Math.round(box.width)}×${Math.round(box.height)} px`,
      ),
  );
}

/** The panel's own pages, as its navigation links them. */
async function navigationPaths(page: Page, prefix: string): Promise<string[]> {
  const hrefs = await page
    .locator(`nav a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => href.split('#')[0] ?? href))];
}

async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .getByText(/^(Loading|Ładowanie)…$/)
    .first()
    .waitFor({ state: 'hidden' });
}

describe('every page of each panel at 375 px, in English and Polish: nothing makes the page scroll sideways, nothing hidden takes room', () => {
  for (const user of [demo.admin, demo.agency, demo.advertiser]) {
    it(`${user.kind} panel`, { timeout: 240_000 }, async () => {
      const found: string[] = [];
      for (const locale of ['en', 'pl']) {
        // The links are read from the side navigation at 1440 px (at 375 px it is behind the menu).
        const { context, page } = await e2e.open(DESKTOP);
        await signIn(context, e2e.server, user);
        await page.goto(`${panelPrefix[user.kind]}?locale=${locale}`);
        await settled(page);
        const paths = await navigationPaths(page, panelPrefix[user.kind]);
        expect(paths.length, 'navigation links').toBeGreaterThan(3);
        await page.setViewportSize(MOBILE);
        for (const path of paths) {
          await page.goto(path);
          await settled(page);
          for (const culprit of [...(await overflowOf(page)), ...(await roomyHiddenOf(page))])
            found.push(`${locale} ${path}: ${culprit}`);
        }
      }
      expect(found).toEqual([]);
    });
  }

  it('the home page: its logo on one line and a language switch', async () => {
    const found: string[] = [];
    for (const [locale, languageLabel] of [
      ['en', 'Language'],
      ['pl', 'Język'],
    ] as const) {
      const { page } = await e2e.open(MOBILE);
      await page.goto(`/?locale=${locale}`);
      await settled(page);
      for (const culprit of await overflowOf(page)) found.push(`${locale} /: ${culprit}`);
      const logoLines = await page.locator('header a[href="/"]').evaluate((logo) => {
        const range = document.createRange();
        range.selectNodeContents(logo.querySelector('span') ?? logo);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(logoLines, `${locale}: lines of the logo's name`).toBe(1);
      await page.getByRole('combobox', { name: languageLabel }).waitFor();
    }
    expect(found).toEqual([]);
  });
});
