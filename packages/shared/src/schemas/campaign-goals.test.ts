import { describe, expect, it } from 'vitest';
import { issueOfZod } from '../errors/issue-of';
import { campaignBidGoal, campaignGoal, campaignGoalLimits } from './campaign-goals';

/** The codes of a goal's issues, by path; none for a goal the schema takes. */
function codesOf(input: unknown): Record<string, string> {
  const result = campaignGoal.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issueOfZod(issue, 1).code]),
  );
}

describe('a campaign goal', () => {
  it('takes each target up to its maximum, whole and above zero', () => {
    const { targetCpcMicros, targetCpaMicros, targetRoasBps } = campaignGoalLimits;
    expect(codesOf({ kind: 'targetCpc', targetCpcMicros: targetCpcMicros.max })).toEqual({});
    expect(codesOf({ kind: 'targetCpc', targetCpcMicros: targetCpcMicros.max + 1 })).toEqual({
      targetCpcMicros: 'campaigns.target_cpc_too_large',
    });
    expect(codesOf({ kind: 'targetCpa', targetCpaMicros: targetCpaMicros.max })).toEqual({});
    expect(codesOf({ kind: 'targetCpa', targetCpaMicros: targetCpaMicros.max + 1 })).toEqual({
      targetCpaMicros: 'campaigns.target_cpa_too_large',
    });
    expect(codesOf({ kind: 'targetCpa', targetCpaMicros: 0 })).toEqual({
      targetCpaMicros: 'campaigns.amount_positive',
    });
    expect(codesOf({ kind: 'targetCpc', targetCpcMicros: 0.5 })).toEqual({
      targetCpcMicros: 'campaigns.micros_whole',
    });
    for (const bps of [targetRoasBps.min, targetRoasBps.max])
      expect(codesOf({ kind: 'targetRoas', targetRoasBps: bps })).toEqual({});
    for (const bps of [targetRoasBps.min - 1, targetRoasBps.max + 1, 40_000.5])
      expect(codesOf({ kind: 'targetRoas', targetRoasBps: bps })).toEqual({
        targetRoasBps: 'campaigns.target_roas_range',
      });
  });

  it('is priced with the maximum CPM as the max-CPM goal’s price or the outcome goal’s ceiling', () => {
    expect(campaignBidGoal({ kind: 'maxCpm' }, 2_500_000)).toEqual({
      kind: 'maxCpm',
      maxCpmMicros: 2_500_000,
    });
    expect(campaignBidGoal({ kind: 'targetCpa', targetCpaMicros: 25_000_000 }, null)).toEqual({
      kind: 'targetCpa',
      targetCpaMicros: 25_000_000,
      ceilingCpmMicros: null,
    });
    expect(campaignBidGoal({ kind: 'targetRoas', targetRoasBps: 40_000 }, 8_000_000)).toEqual({
      kind: 'targetRoas',
      targetRoasBps: 40_000,
      ceilingCpmMicros: 8_000_000,
    });
    expect(() => campaignBidGoal({ kind: 'maxCpm' }, null)).toThrow(RangeError);
  });
});
