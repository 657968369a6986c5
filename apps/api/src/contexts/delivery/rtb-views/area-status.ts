import type { ViewArea, ViewStatus } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { bannersViewStatuses, campaignsIntegrationStatuses } from '../../campaigns';
import { productsViewStatuses } from '../../shop';
import { tagsViewStatuses } from '../tags/service';
import { reportsViewStatuses } from './reports-status';

/**
 * What an area reports about each of these advertisers (every one of them), in a fixed number
 * of queries however many.
 */
export type AreaStatuses = (
  deps: AppDeps,
  advertiserIds: readonly number[],
) => Promise<Map<number, ViewStatus>>;

/** One status function per area, each its own module's. */
export const areaStatuses: Record<ViewArea, AreaStatuses> = {
  products: productsViewStatuses,
  tags: tagsViewStatuses,
  banners: bannersViewStatuses,
  reports: reportsViewStatuses,
  campaigns: campaignsIntegrationStatuses,
};
