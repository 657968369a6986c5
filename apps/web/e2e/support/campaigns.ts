import type { Page } from 'playwright-core';

/** The campaign page's summary: the status, the serving status with its reasons, the moves. */
export const campaignSummary = (page: Page) => page.getByRole('region', { name: 'Campaign status' });

/** Next, then the step titled `title` shows (its heading). */
export async function nextStep(page: Page, title: string) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { name: title, level: 2, exact: true }).waitFor();
}

/** The step indicator's link to the step titled `title` (its name may add '(done)'). */
export const stepLink = (page: Page, title: string) =>
  page.getByRole('navigation', { name: 'Campaign set-up steps' }).getByRole('link', { name: title });
