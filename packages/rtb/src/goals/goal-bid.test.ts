import { describe, expect, it } from 'vitest';
import { netBidMicros } from '../decision';
import type { CampaignGoal } from './goal';
import { goalBidCpmMicros } from './goal-bid';

const shares = { marginBps: 2000, commissionBps: 500 };
const predictions = { clickProbability: 0.004, conversionProbability: 0.05, orderValueMicros: 200_000_000 };

describe('goalBidCpmMicros', () => {
  it('bids a max-CPM campaign its price, whatever the models say', () => {
    expect(goalBidCpmMicros({ kind: 'maxCpm', maxCpmMicros: 4_000_000 }, predictions, shares)).toEqual({
      grossCpmMicros: 4_000_000,
      netBidMicros: 3000,
    });
  });

  it('values a click, a conversion or revenue by its probability, then nets the shares off', () => {
    // 2.50 a click x 0.4 % = 0.01 an impression = 10.00 CPM, 7.50 net of 25 %: 7 500 micro-units an impression.
    const cpc: CampaignGoal = { kind: 'targetCpc', targetCpcMicros: 2_500_000, ceilingCpmMicros: null };
    expect(goalBidCpmMicros(cpc, predictions, shares)).toEqual({
      grossCpmMicros: 10_000_000,
      netBidMicros: 7500,
    });
    // 50.00 an order x 0.4 % x 5 % = 0.01 an impression.
    const cpa: CampaignGoal = { kind: 'targetCpa', targetCpaMicros: 50_000_000, ceilingCpmMicros: null };
    expect(goalBidCpmMicros(cpa, predictions, shares)).toEqual({
      grossCpmMicros: 10_000_000,
      netBidMicros: 7500,
    });
    // 200.00 orders x 0.4 % x 5 % = 0.04 of revenue an impression, at a ROAS of 400 %: 0.01.
    const roas: CampaignGoal = { kind: 'targetRoas', targetRoasBps: 40_000, ceilingCpmMicros: null };
    expect(goalBidCpmMicros(roas, predictions, shares)).toEqual({
      grossCpmMicros: 10_000_000,
      netBidMicros: 7500,
    });
  });

  it('rounds the CPM to the micro-unit and the net bid down, as a max-CPM price', () => {
    const goal: CampaignGoal = { kind: 'targetCpc', targetCpcMicros: 1_234_567, ceilingCpmMicros: null };
    const bid = goalBidCpmMicros(
      goal,
      { ...predictions, clickProbability: 0.001 },
      { marginBps: 1000, commissionBps: 333 },
    );
    expect(bid).toEqual({ grossCpmMicros: 1_234_567, netBidMicros: 1069 });
    expect(bid.netBidMicros).toBe(netBidMicros(1_234_567, 1000, 333));
  });

  it('caps the value at the ceiling CPM', () => {
    const goal: CampaignGoal = { kind: 'targetCpc', targetCpcMicros: 2_500_000, ceilingCpmMicros: 4_000_000 };
    expect(goalBidCpmMicros(goal, predictions, shares)).toEqual({
      grossCpmMicros: 4_000_000,
      netBidMicros: 3000,
    });
    expect(goalBidCpmMicros(goal, { ...predictions, clickProbability: 0.001 }, shares).grossCpmMicros).toBe(
      2_500_000,
    );
  });

  it('bids nothing where the models see no chance or no value', () => {
    const cpa: CampaignGoal = { kind: 'targetCpa', targetCpaMicros: 50_000_000, ceilingCpmMicros: null };
    expect(goalBidCpmMicros(cpa, { ...predictions, conversionProbability: 0 }, shares).netBidMicros).toBe(0);
    expect(goalBidCpmMicros(cpa, { ...predictions, clickProbability: Number.NaN }, shares).netBidMicros).toBe(
      0,
    );
    const roas: CampaignGoal = { kind: 'targetRoas', targetRoasBps: 40_000, ceilingCpmMicros: null };
    expect(goalBidCpmMicros(roas, { ...predictions, orderValueMicros: -5 }, shares).netBidMicros).toBe(0);
  });

  it('refuses goals that are not whole positive amounts, and shares that leave nothing', () => {
    expect(() =>
      goalBidCpmMicros(
        { kind: 'targetCpc', targetCpcMicros: 0.5, ceilingCpmMicros: null },
        predictions,
        shares,
      ),
    ).toThrow(RangeError);
    expect(() =>
      goalBidCpmMicros(
        { kind: 'targetRoas', targetRoasBps: 40_000, ceilingCpmMicros: 0 },
        predictions,
        shares,
      ),
    ).toThrow(RangeError);
    expect(() =>
      goalBidCpmMicros({ kind: 'maxCpm', maxCpmMicros: 1_000_000 }, predictions, {
        marginBps: 9000,
        commissionBps: 1000,
      }),
    ).toThrow(RangeError);
  });
});
