/**
 * What other modules use of campaigns: how many campaigns show a banner (the banners module's
 * DTO), without reading `campaign_banners` themselves; which campaigns use an audience (the
 * audiences module's count and its refusal to delete one in use); the active campaigns a bidder loads and
 * their counters; the names a report shows; what a lift report reads of a campaign.
 */
import type { AppDeps } from '../../../core/deps';
import { type CampaignScope, campaignBriefs, liftSettingsOf } from './repository';

export { campaignCountOfAudience, campaignCountOfBanner, campaignsUsingAudience } from './repository';

/** Name, status and advertiser of those of `ids` that are these advertisers' campaigns (others are left out). */
export const campaignNames = (deps: AppDeps, advertiserIds: readonly number[], ids: number[]) =>
  campaignBriefs(deps.db, advertiserIds, ids);

/** A campaign's hold-out, click window and first day, when the scope reaches it (null otherwise). */
export const campaignLiftSettings = (deps: AppDeps, scope: CampaignScope, id: number) =>
  liftSettingsOf(deps.db, id, scope);
