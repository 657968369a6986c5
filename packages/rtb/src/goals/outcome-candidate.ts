import { candidateAtCpm, type MatchedCandidate } from '../decision';
import type { ImpressionPredictions } from './goal';
import { goalBidCpmMicros } from './goal-bid';

/**
 * An outcome goal's candidate priced for this impression: the goal's value of it
 * (`goalBidCpmMicros` with the impression's predictions) times the share its pacing bids now
 * (`pacingPriceShare`, 1 unpaced), at most the CPM it was matched at; null when that is under the
 * floor. A max-CPM campaign's candidate is as it was.
 */
export function outcomeCandidate(
  candidate: MatchedCandidate,
  predictions: ImpressionPredictions,
  priceShare = 1,
): MatchedCandidate | null {
  const { campaign } = candidate;
  if (campaign.outcome === null) return candidate;
  const cpm = goalBidCpmMicros(campaign.outcome.goal, predictions, campaign).grossCpmMicros;
  return candidateAtCpm(candidate, cpm * priceShare);
}
