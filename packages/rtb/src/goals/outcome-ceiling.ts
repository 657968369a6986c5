import type { CampaignInput } from '../types';
import type { ImpressionPredictions, OutcomeGoal } from './goal';
import { goalBidCpmMicros } from './goal-bid';

/**
 * How many times its average impression's value a model may value one impression of a campaign:
 * the best impressions are worth a few times the average, and a model gone wrong is held to that
 * (the budget bounds the rest).
 */
export const OUTCOME_HEADROOM = 5;

/**
 * The most an outcome goal bids on any impression (gross CPM, micro-units): its ceiling when
 * set, at most `OUTCOME_HEADROOM` times the value of an impression at its priors. The bidder
 * matches the campaign at this price, then prices each impression below it.
 */
export function outcomeBidCeiling(
  goal: OutcomeGoal,
  priors: ImpressionPredictions,
  shares: Pick<CampaignInput, 'marginBps' | 'commissionBps'>,
): number {
  const average = goalBidCpmMicros({ ...goal, ceilingCpmMicros: null }, priors, shares).grossCpmMicros;
  return Math.min(goal.ceilingCpmMicros ?? Number.MAX_SAFE_INTEGER, average * OUTCOME_HEADROOM);
}
