/**
 * What a campaign buys. `maxCpm` bids its price on every impression it wants; the others bid
 * what an impression is worth to the goal (value x predicted probability), at most
 * `ceilingCpmMicros` when set. Money in micro-units of the advertiser's currency, gross (what
 * the advertiser pays, margin and commission included).
 */
export type CampaignGoal =
  | { kind: 'maxCpm'; maxCpmMicros: number }
  | { kind: 'targetCpc'; targetCpcMicros: number; ceilingCpmMicros: number | null }
  | { kind: 'targetCpa'; targetCpaMicros: number; ceilingCpmMicros: number | null }
  /** Revenue over spend in basis points: 40 000 is a ROAS of 400 % (4 of revenue for 1 spent). */
  | { kind: 'targetRoas'; targetRoasBps: number; ceilingCpmMicros: number | null };

/** A goal priced impression by impression. */
export type OutcomeGoal = Exclude<CampaignGoal, { kind: 'maxCpm' }>;

/** The models' view of one impression for one campaign and creative. */
export interface ImpressionPredictions {
  /** pCTR: the chance the impression is clicked. */
  clickProbability: number;
  /** pCVR: the chance a click leads to a conversion. */
  conversionProbability: number;
  /** The value expected of a conversion (an order's), micro-units of the advertiser's currency. */
  orderValueMicros: number;
}

const positive = (amount: number) => Number.isSafeInteger(amount) && amount > 0;

/** Amounts are whole positive micro-units (basis points for ROAS); a RangeError says which is not. */
export function assertGoal(goal: CampaignGoal): void {
  const amount =
    goal.kind === 'maxCpm'
      ? goal.maxCpmMicros
      : goal.kind === 'targetCpc'
        ? goal.targetCpcMicros
        : goal.kind === 'targetCpa'
          ? goal.targetCpaMicros
          : goal.targetRoasBps;
  if (!positive(amount))
    throw new RangeError(`A ${goal.kind} goal of ${amount} is not a whole positive amount.`);
  if (goal.kind !== 'maxCpm' && goal.ceilingCpmMicros !== null && !positive(goal.ceilingCpmMicros))
    throw new RangeError(`A ceiling CPM of ${goal.ceilingCpmMicros} is not a whole positive amount.`);
}
