import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';

/**
 * Clicks a button that opens a download in a new tab and answers the file. The tab is watched
 * from the moment it opens: its download can start before a later listener would be attached.
 */
export async function downloaded(page: Page, button: Locator): Promise<Buffer> {
  const download = new Promise<Download>((resolve) =>
    page.once('popup', (tab) => tab.once('download', resolve)),
  );
  await button.click();
  const file = await readFile((await (await download).path()) as string);
  await (await download)
    .page()
    .close()
    .catch(() => {});
  return file;
}
