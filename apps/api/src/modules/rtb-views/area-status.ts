import { rtbViewStatusMessages, type ViewArea, type ViewStatus } from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { bannersViewStatus } from '../banners/view-status';
import { campaignsIntegrationStatus } from '../campaigns/integration-status';
import { productsViewStatus } from '../products/service';
import { reportsViewStatus } from '../reports/service';

/** What an area reports about one advertiser. */
export type AreaStatus = (deps: AppDeps, advertiserId: number) => Promise<ViewStatus>;

/** An area whose feature is not built yet: it says so, and there is nothing the user can do. */
const notAvailableYet =
  (message: string): AreaStatus =>
  async () => ({ commonStatus: 'Processing', message, requiresAction: false });

/**
 * One status function per area. The product feed, tag, banner, report and campaign features
 * replace their entry with a function of their own module's service as they arrive.
 */
export const areaStatus: Record<ViewArea, AreaStatus> = {
  products: productsViewStatus,
  tags: notAvailableYet(rtbViewStatusMessages.tagsNotAvailable),
  banners: bannersViewStatus,
  reports: reportsViewStatus,
  campaigns: campaignsIntegrationStatus,
};
