import type { ViewArea, ViewStatus } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { bannersViewStatus, campaignsIntegrationStatus } from '../../campaigns';
import { productsViewStatus } from '../../shop';
import { tagsViewStatus } from '../tags/service';
import { reportsViewStatus } from './reports-status';

/** What an area reports about one advertiser. */
export type AreaStatus = (deps: AppDeps, advertiserId: number) => Promise<ViewStatus>;

/** One status function per area, each its own module's. */
export const areaStatus: Record<ViewArea, AreaStatus> = {
  products: productsViewStatus,
  tags: tagsViewStatus,
  banners: bannersViewStatus,
  reports: reportsViewStatus,
  campaigns: campaignsIntegrationStatus,
};
