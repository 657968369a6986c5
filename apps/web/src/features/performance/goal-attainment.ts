import type { CampaignGoal, ReportMetrics } from '@rtb/shared';

/** A goal with a target: CPC, CPA or ROAS. */
export type OutcomeGoal = Exclude<CampaignGoal, { kind: 'maxCpm' }>;

export const isOutcomeGoal = (goal: CampaignGoal): goal is OutcomeGoal => goal.kind !== 'maxCpm';

/** The report's figure each goal aims at. */
const goalMetric = { targetCpc: 'cpcMicros', targetCpa: 'cpaMicros', targetRoas: 'roas' } as const;

/** How a period's delivery compares with an outcome goal's target. */
export interface GoalAttainment {
  metric: (typeof goalMetric)[OutcomeGoal['kind']];
  /** The target as the report counts the figure: micro-units (CPC, CPA), a ratio (ROAS). */
  target: number;
  /** The period's figure; null before anything divides it (no click, conversion or spend). */
  actual: number | null;
  /** How far the actual lies from the target, in percent of it; null without an actual. */
  percentOff: number | null;
  /**
   * Which side of the target the actual is on: `better` (a cost under it, a ROAS above it),
   * `worse`, or `on` (within a hundredth of a percent, as the panel writes percentages); null
   * without an actual.
   */
  side: 'better' | 'worse' | 'on' | null;
}

/**
 * The goal's figure over a period against its target: the CPC and CPA as the reports count them
 * (gross spend per click; per conversion after a click or a view), the ROAS as conversion value
 * per spend against the target's basis points.
 */
export function goalAttainment(goal: OutcomeGoal, totals: ReportMetrics): GoalAttainment {
  const metric = goalMetric[goal.kind];
  const target = (() => {
    switch (goal.kind) {
      case 'targetCpc':
        return goal.targetCpcMicros;
      case 'targetCpa':
        return goal.targetCpaMicros;
      case 'targetRoas':
        return goal.targetRoasBps / 10_000;
    }
  })();
  const actual = totals[metric];
  if (actual === null) return { metric, target, actual, percentOff: null, side: null };
  const percentOff = (Math.abs(actual - target) / target) * 100;
  // A higher cost is worse; a higher return is better.
  const higherIsBetter = goal.kind === 'targetRoas';
  const side =
    Math.round(percentOff * 100) === 0 ? 'on' : actual > target === higherIsBetter ? 'better' : 'worse';
  return { metric, target, actual, percentOff, side };
}
