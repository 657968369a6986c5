import type { CampaignGoal } from '@rtb/shared';
import type { campaigns } from './schema';

/** How the campaigns table keeps a goal: its kind and its one target column (`campaigns_goal`). */
export type CampaignGoalColumns = Pick<
  typeof campaigns.$inferSelect,
  'goalKind' | 'goalTargetMicros' | 'goalTargetRoasBps'
>;

/** A goal as the campaigns table's columns. */
export function campaignGoalColumns(goal: CampaignGoal): CampaignGoalColumns {
  switch (goal.kind) {
    case 'maxCpm':
      return { goalKind: goal.kind, goalTargetMicros: null, goalTargetRoasBps: null };
    case 'targetCpc':
      return { goalKind: goal.kind, goalTargetMicros: goal.targetCpcMicros, goalTargetRoasBps: null };
    case 'targetCpa':
      return { goalKind: goal.kind, goalTargetMicros: goal.targetCpaMicros, goalTargetRoasBps: null };
    case 'targetRoas':
      return { goalKind: goal.kind, goalTargetMicros: null, goalTargetRoasBps: goal.targetRoasBps };
  }
}

/** A target the `campaigns_goal` check guarantees; missing, the row is broken. */
function target(value: number | null, kind: string): number {
  if (value === null) throw new RangeError(`A campaign's ${kind} goal has no target.`);
  return value;
}

/** The goal of a campaign row (what the bidder will price, with `campaignBidGoal` of packages/shared). */
export function campaignGoalOf(row: CampaignGoalColumns): CampaignGoal {
  switch (row.goalKind) {
    case 'maxCpm':
      return { kind: 'maxCpm' };
    case 'targetCpc':
      return { kind: 'targetCpc', targetCpcMicros: target(row.goalTargetMicros, row.goalKind) };
    case 'targetCpa':
      return { kind: 'targetCpa', targetCpaMicros: target(row.goalTargetMicros, row.goalKind) };
    case 'targetRoas':
      return { kind: 'targetRoas', targetRoasBps: target(row.goalTargetRoasBps, row.goalKind) };
  }
}
