import { type CampaignGoalColumns, campaignGoalOf } from '@rtb/db';
import { type CampaignInput, outcomeBidCeiling, priorPredictions } from '@rtb/rtb';
import { campaignBidGoal } from '@rtb/shared';
import { historyOf, type OutcomeHistories } from './outcome-history';

/**
 * How a campaign bids, in micro-units of its currency: a max-CPM campaign's price; an outcome
 * goal with the predictions of its history, its advertiser's and the platform's in its currency
 * (`priorPredictions`), and the most it bids on any impression (`outcomeBidCeiling`).
 */
export function campaignPricing(
  campaign: CampaignGoalColumns & { id: number; advertiserId: number },
  maxCpmMicros: number | null,
  shares: { marginBps: number; commissionBps: number; currency: string },
  histories: OutcomeHistories | null,
): Pick<CampaignInput, 'maxCpmMicros' | 'outcome'> {
  const goal = campaignBidGoal(campaignGoalOf(campaign), maxCpmMicros);
  if (goal.kind === 'maxCpm') return { maxCpmMicros: goal.maxCpmMicros, outcome: null };
  const own = historyOf(histories?.campaigns ?? new Map(), campaign.id);
  const priors = priorPredictions(
    own,
    historyOf(histories?.advertisers ?? new Map(), campaign.advertiserId),
    historyOf(histories?.platform ?? new Map(), shares.currency),
  );
  return {
    maxCpmMicros: outcomeBidCeiling(goal, priors, shares),
    outcome: { goal, priors, evidenceImpressions: own.impressions },
  };
}
