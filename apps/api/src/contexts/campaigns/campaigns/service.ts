/**
 * What other modules use of campaigns: how many campaigns show a banner (the banners module's
 * DTO), without reading `campaign_banners` themselves; which campaigns use an audience (the
 * audiences module's count and its refusal to delete one in use); the active campaigns a bidder loads, and
 * the daily counters its events add to; the names a report shows; the attribution windows a
 * conversion is credited within.
 */
import type { AppDeps } from '../../../core/deps';
import { campaignBriefs } from './repository';

export {
  type ActiveBanner,
  type AttributionWindows,
  addDailyStats,
  attributionWindows,
  type CampaignCounters,
  campaignCountOfAudience,
  campaignCountOfBanner,
  campaignsUsingAudience,
  countersOf,
  type DailyStatsDelta,
  loadActiveCampaigns,
} from './repository';
export { type AdvertiserContext, advertiserContexts } from './serving-facts';

/** Name, status and advertiser of those of `ids` that are these advertisers' campaigns (others are left out). */
export const campaignNames = (deps: AppDeps, advertiserIds: readonly number[], ids: number[]) =>
  campaignBriefs(deps.db, advertiserIds, ids);
