import { z } from 'zod';
import { campaignMessages } from './campaigns-messages';

/**
 * What a campaign buys (its bid strategy), named as packages/rtb's `CampaignGoal` names them:
 * impressions at a maximum CPM, or clicks, conversions or revenue at a target, bid as the goal's
 * value times the predicted chance of it.
 */
export const campaignGoalKinds = ['maxCpm', 'targetCpc', 'targetCpa', 'targetRoas'] as const;
export type CampaignGoalKind = (typeof campaignGoalKinds)[number];

const MICROS_PER_UNIT = 1_000_000;

/**
 * The targets' bounds: CPC and CPA in micro-units of the advertiser's currency (at most 1,000 and
 * 100,000 units), ROAS in basis points (1% to 100,000%: 100 to 10,000,000). The texts of
 * `campaignMessages` name them.
 */
export const campaignGoalLimits = {
  targetCpcMicros: { max: 1_000 * MICROS_PER_UNIT },
  targetCpaMicros: { max: 100_000 * MICROS_PER_UNIT },
  targetRoasBps: { min: 100, max: 10_000_000 },
} as const;

/** A target in whole micro-units above zero, at most `max` (its text says the maximum). */
const targetMicros = (max: number, tooLarge: string) =>
  z.number().int(campaignMessages.microsWhole).positive(campaignMessages.amountPositive).max(max, tooLarge);

const { targetRoasBps } = campaignGoalLimits;

/**
 * The goal of the campaign form and of the campaigns the API answers: its kind and, for an
 * outcome goal, its target. The maximum CPM stays the form's `maxCpm` (minor units): a max-CPM
 * goal's price, an outcome goal's optional ceiling.
 */
export const campaignGoal = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('maxCpm') }),
  z.object({
    kind: z.literal('targetCpc'),
    /** What a click is worth to the advertiser, micro-units of its currency, gross. */
    targetCpcMicros: targetMicros(campaignGoalLimits.targetCpcMicros.max, campaignMessages.targetCpcTooLarge),
  }),
  z.object({
    kind: z.literal('targetCpa'),
    /** What a conversion is worth, micro-units of the advertiser's currency, gross. */
    targetCpaMicros: targetMicros(campaignGoalLimits.targetCpaMicros.max, campaignMessages.targetCpaTooLarge),
  }),
  z.object({
    kind: z.literal('targetRoas'),
    /** Revenue over spend in basis points: 40,000 is 400% (4 of revenue for 1 spent). */
    targetRoasBps: z
      .number()
      .int(campaignMessages.targetRoasRange)
      .min(targetRoasBps.min, campaignMessages.targetRoasRange)
      .max(targetRoasBps.max, campaignMessages.targetRoasRange),
  }),
]);
export type CampaignGoal = z.infer<typeof campaignGoal>;

/**
 * A goal as the bidder prices it: packages/rtb's `CampaignGoal` (the same shape, field for field),
 * the maximum CPM turned into the max-CPM goal's price or the outcome goal's ceiling.
 */
export type CampaignBidGoal =
  | { kind: 'maxCpm'; maxCpmMicros: number }
  | { kind: 'targetCpc'; targetCpcMicros: number; ceilingCpmMicros: number | null }
  | { kind: 'targetCpa'; targetCpaMicros: number; ceilingCpmMicros: number | null }
  | { kind: 'targetRoas'; targetRoasBps: number; ceilingCpmMicros: number | null };

/**
 * The goal with its maximum CPM in micro-units (null: an outcome goal without a ceiling) as the
 * bidder prices it. A max-CPM goal without one is a broken row: a RangeError (the database's
 * `campaigns_goal` check refuses it).
 */
export function campaignBidGoal(goal: CampaignGoal, maxCpmMicros: number | null): CampaignBidGoal {
  if (goal.kind !== 'maxCpm') return { ...goal, ceilingCpmMicros: maxCpmMicros };
  if (maxCpmMicros === null) throw new RangeError('A max-CPM goal needs its maximum CPM.');
  return { kind: 'maxCpm', maxCpmMicros };
}
