import type { AdvertiserContext } from '@rtb/delivery';
import type { ViewStatus } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type CampaignsDeliverySummary, deliverySummariesOf } from './delivery-summary';
import { integrationStatusesOf } from './integration-status';
import { integrationCampaignsOf } from './repository';
import { campaignFactsOf } from './serving-facts';

/**
 * What the agency's overview shows of each of these advertisers' campaigns: the delivery summary
 * of the active ones and the campaigns area of the integration status, from one read of their
 * facts (a fixed number of queries however many advertisers), with the advertisers' `contexts`
 * of the same `now` the overview has already read.
 */
export async function campaignsAtAGlance(
  deps: AppDeps,
  contexts: Map<number, AdvertiserContext>,
  now: Date,
): Promise<{ summaries: Map<number, CampaignsDeliverySummary>; statuses: Map<number, ViewStatus> }> {
  const advertiserIds = [...contexts.keys()];
  const rows = await integrationCampaignsOf(deps.db, advertiserIds);
  const facts = await campaignFactsOf(deps, rows, now, contexts);
  return {
    summaries: deliverySummariesOf(advertiserIds, rows, facts),
    statuses: integrationStatusesOf(advertiserIds, rows, facts),
  };
}
