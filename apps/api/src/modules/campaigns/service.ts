/**
 * What other modules use of campaigns: how many campaigns show a banner (the banners module's
 * DTO), without reading `campaign_banners` themselves; the active campaigns a bidder loads, and
 * the daily counters its events add to.
 */
export {
  addDailyStats,
  type CampaignCounters,
  campaignCountOfBanner,
  countersOf,
  type DailyStatsDelta,
  loadActiveCampaigns,
} from './repository';
export { type AdvertiserContext, advertiserContexts } from './serving-facts';
