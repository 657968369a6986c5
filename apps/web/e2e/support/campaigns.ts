import type { Page } from 'playwright-core';

/** The campaign page's summary: the status, the serving status with its reasons, the moves. */
export const campaignSummary = (page: Page) => page.getByRole('region', { name: 'Campaign status' });
