import type { Page } from 'playwright-core';

/** The value shown under a figure's label on a payments page ('Balance', 'Available credit'). */
export const moneyFigure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Balance and credit', exact: true })
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd[1]');
