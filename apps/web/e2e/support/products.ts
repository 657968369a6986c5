import type { Page } from 'playwright-core';
import { panelPrefix } from './texts';

/**
 * The integrations page's Products tab as a browser test finds it (by role and accessible name,
 * as the component tests do): for e2e tests against the product-feed API.
 */
export const productsTab = {
  path: `${panelPrefix.advertiser}/integrations?tab=products`,
  /** The first-time form and, once set up, the feed's card (both are this region). */
  feedSource: (page: Page) => page.getByRole('region', { name: /^(Set up your product feed|Feed source)$/ }),
  feedUrl: (page: Page) => page.getByLabel('Feed URL'),
  schedule: (page: Page) => page.getByLabel('Fetch', { exact: true }),
  save: (page: Page) => page.getByRole('button', { name: 'Save', exact: true }),
  refreshNow: (page: Page) => page.getByRole('button', { name: 'Refresh now' }),
  /** The file input of the upload (first time: 'Choose a feed file'; later: 'Upload a new version'). */
  fileInput: (page: Page) => page.getByLabel(/^(Choose a feed file|Upload a new version)$/),
  lastImport: (page: Page) => page.getByRole('region', { name: 'Last import' }),
  importProgress: (page: Page) => page.getByRole('progressbar', { name: 'Import progress' }),
  importSummary: (page: Page) => page.getByLabel('Import summary'),
  history: (page: Page) => page.getByRole('table', { name: 'Imports of the feed' }),
  rejections: (page: Page) => page.getByRole('dialog', { name: 'Rejected rows' }),
  products: (page: Page) => page.getByRole('table', { name: 'Products' }),
  search: (page: Page) => page.getByLabel('Search by id, title, brand, GTIN or MPN'),
  /** A product's side panel, opened from its title in the list. */
  openProduct: (page: Page, title: string) =>
    page.getByRole('button', { name: `Details of ${title}` }).click(),
};
