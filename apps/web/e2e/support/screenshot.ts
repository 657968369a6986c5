import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { screenshotsDir } from './paths';

/** Saves e2e/screenshots/<name>-<width>.png (repo root, git-ignored); returns the path. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const width = page.viewportSize()?.width ?? 0;
  await mkdir(screenshotsDir, { recursive: true });
  const path = join(screenshotsDir, `${name}-${width}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? true, animations: 'disabled' });
  return path;
}

/** After a failed test: e2e/screenshots/failures/<file>--<test>.png. */
export async function saveFailureScreenshot(page: Page, name: string) {
  const dir = join(screenshotsDir, 'failures');
  await mkdir(dir, { recursive: true });
  const safe = name.replace(/[^\w.-]+/g, '_').slice(0, 150);
  const path = join(dir, `${safe}.png`);
  await page.screenshot({ path, fullPage: true }).catch(() => {});
  return path;
}
