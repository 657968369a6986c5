import { type CampaignGoalColumns, campaignGoalOf } from '@rtb/db';
import { goalBidCpmMicros, priorPredictions } from '@rtb/rtb';
import { campaignBidGoal } from '@rtb/shared';
import { historyOf, type OutcomeHistories } from './outcome-history';

/**
 * The CPM a campaign bids, gross, in micro-units of its currency: a max-CPM campaign's price; an
 * outcome goal's value of an impression (`goalBidCpmMicros`) with the predictions of its history,
 * its advertiser's and the platform's in its currency (`priorPredictions`), at most its ceiling.
 * The same for every impression the campaign bids on until a model tells them apart.
 */
export function campaignPriceMicros(
  campaign: CampaignGoalColumns & { id: number; advertiserId: number },
  maxCpmMicros: number | null,
  shares: { marginBps: number; commissionBps: number; currency: string },
  histories: OutcomeHistories | null,
): number {
  const goal = campaignBidGoal(campaignGoalOf(campaign), maxCpmMicros);
  if (goal.kind === 'maxCpm') return goal.maxCpmMicros;
  const predictions = priorPredictions(
    historyOf(histories?.campaigns ?? new Map(), campaign.id),
    historyOf(histories?.advertisers ?? new Map(), campaign.advertiserId),
    historyOf(histories?.platform ?? new Map(), shares.currency),
  );
  return goalBidCpmMicros(goal, predictions, shares).grossCpmMicros;
}
