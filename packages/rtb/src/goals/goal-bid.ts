import { netBidMicros } from '../decision';
import type { CampaignInput } from '../types';
import { assertGoal, type CampaignGoal, type ImpressionPredictions } from './goal';

export interface GoalBid {
  /** What the impression is worth to the goal per 1,000 (gross), capped by the ceiling. */
  grossCpmMicros: number;
  /** The bid for the impression: the gross CPM's thousandth net of margin and commission, rounded down. */
  netBidMicros: number;
}

/** A probability from a model, kept to 0..1 (NaN is 0: no evidence, no bid). */
const probability = (value: number) => (value > 0 ? Math.min(1, value) : 0);
const orderValue = (micros: number) => (Number.isFinite(micros) && micros > 0 ? micros : 0);

/** What one impression is worth to the goal, gross, in (fractional) micro-units. */
function impressionValue(
  goal: Exclude<CampaignGoal, { kind: 'maxCpm' }>,
  predictions: ImpressionPredictions,
) {
  const click = probability(predictions.clickProbability);
  const conversion = click * probability(predictions.conversionProbability);
  switch (goal.kind) {
    case 'targetCpc':
      return goal.targetCpcMicros * click;
    case 'targetCpa':
      return goal.targetCpaMicros * conversion;
    case 'targetRoas':
      return (orderValue(predictions.orderValueMicros) * conversion * 10_000) / goal.targetRoasBps;
  }
}

/**
 * The campaign's bid on an impression for its goal: CPC x pCTR, CPA x pCTR x pCVR, or the
 * expected order value (x pCTR x pCVR) over the target ROAS, as a CPM (to the nearest micro-unit),
 * at most the ceiling; then net of margin and commission as a max-CPM campaign's price
 * (`netBidMicros`). Budgets and pacing cap it further where the bidder reserves.
 */
export function goalBidCpmMicros(
  goal: CampaignGoal,
  predictions: ImpressionPredictions,
  shares: Pick<CampaignInput, 'marginBps' | 'commissionBps'>,
): GoalBid {
  assertGoal(goal);
  const gross =
    goal.kind === 'maxCpm'
      ? goal.maxCpmMicros
      : Math.min(
          Math.round(impressionValue(goal, predictions) * 1000),
          goal.ceilingCpmMicros ?? Number.MAX_SAFE_INTEGER,
          Number.MAX_SAFE_INTEGER,
        );
  return { grossCpmMicros: gross, netBidMicros: netBidMicros(gross, shares.marginBps, shares.commissionBps) };
}
