import { basename } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AppConfig } from '../../../api/src/config';
import { DESKTOP, launchBrowser, newContext, type Viewport } from './browser';
import { skipGuidance } from './guidance';
import { saveFailureScreenshot } from './screenshot';
import { type E2EServer, type ServerOptions, startServer } from './server';

export interface E2E {
  readonly server: E2EServer;
  readonly browser: Browser;
  /**
   * A fresh context (no cookies, no storage) and a page in it; closed after the test. Its user
   * has seen the welcome popup and the guided tours, unless `guidance` asks for a first visit.
   */
  open(
    viewport?: Viewport,
    options?: { guidance?: boolean },
  ): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * Per test file: the real API on its own database with the demo data (and `config` over the
 * test configuration), serving the built web app (and the bidder with `options.bidder`), and
 * one Chromium. Per test: fresh contexts from `open()`, closed afterwards (with a screenshot of
 * each open page under e2e/screenshots/failures/ when the test failed).
 */
export function setupE2E(config: Partial<AppConfig> = {}, options: ServerOptions = {}): E2E {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(config, options), launchBrowser()]);
  });

  afterEach(async (ctx) => {
    const open = contexts;
    contexts = [];
    if (ctx.task.result?.state === 'fail') {
      const file = basename(ctx.task.file.name).replace(/\.e2e\.ts$/, '');
      let i = 0;
      for (const context of open) {
        for (const page of context.pages()) {
          const path = await saveFailureScreenshot(page, `${file}--${ctx.task.name}${i++ ? `-${i}` : ''}`);
          console.error(`failure screenshot of ${page.url()}: ${path}`);
        }
      }
    }
    await Promise.all(open.map((context) => context.close().catch(() => {})));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started (beforeAll failed?)`);
    return value;
  };

  return {
    get server() {
      return need(server, 'the server');
    },
    get browser() {
      return need(browser, 'the browser');
    },
    async open(viewport = DESKTOP, options = {}) {
      const context = await newContext(
        need(browser, 'the browser'),
        need(server, 'the server').baseURL,
        viewport,
      );
      contexts.push(context);
      if (!options.guidance) await skipGuidance(context);
      return { context, page: await context.newPage() };
    },
  };
}
