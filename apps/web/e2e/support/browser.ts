import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium; no browser download is possible here. CHROMIUM_PATH overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath}: install it (apt-get install -y chromium; npm test does) ` +
        'or set CHROMIUM_PATH.',
    );
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

/**
 * A shopper's desktop Chrome: headless Chromium's own user agent is a bot's, rightly left out of
 * audiences and flagged in the tag's events, so pages playing a shop's visitor use this one.
 */
export const SHOPPER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export const DESKTOP = { width: 1440, height: 900 };
export const MOBILE = { width: 375, height: 812 };
export type Viewport = { width: number; height: number };

/** A fresh context (own cookies and storage) on the test server. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: Viewport = DESKTOP,
): Promise<BrowserContext> {
  const mobile = viewport.width < 768;
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'en-GB',
    timezoneId: 'Europe/Warsaw',
    deviceScaleFactor: 1,
    ...(mobile ? { hasTouch: true } : {}),
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  return context;
}
