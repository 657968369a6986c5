import { describe, expect, it } from 'vitest';
import { buildCampaignIndex, candidatesFor, netBidMicros, splitCost } from '../decision';
import { banner, campaign, context, imp, request } from '../decision/test-fixtures';
import type { CampaignOutcome } from '../types';
import { outcomeCandidate } from './outcome-candidate';
import { outcomeBidCeiling } from './outcome-ceiling';

const priors = { clickProbability: 0.002, conversionProbability: 0.01, orderValueMicros: 100_000_000 };
const shares = { marginBps: 2000, commissionBps: 500 };

/** A PLN target-CPC campaign (2 PLN a click) matched on a PLN or USD request, at its highest bid. */
function matched(options: { ceiling?: number | null; currency?: string; floorMicros?: number } = {}) {
  const goal = {
    kind: 'targetCpc' as const,
    targetCpcMicros: 2_000_000,
    ceilingCpmMicros: options.ceiling ?? null,
  };
  const outcome: CampaignOutcome = { goal, priors, evidenceImpressions: 0 };
  const served = campaign({
    maxCpmMicros: outcomeBidCeiling(goal, priors, shares),
    outcome,
    banners: [banner(7)],
  });
  const [candidate] = candidatesFor(
    buildCampaignIndex([served]),
    request({ currencies: [options.currency ?? 'PLN'] }),
    imp({ floorMicros: options.floorMicros ?? 0, floorCurrency: options.currency ?? 'PLN' }),
    context(),
  );
  if (!candidate) throw new Error('the campaign is not matched');
  return candidate;
}

describe('outcomeBidCeiling', () => {
  it('is five times the value of an impression at the priors, or the ceiling when lower', () => {
    const goal = { kind: 'targetCpc' as const, targetCpcMicros: 2_000_000, ceilingCpmMicros: null };
    // 2 PLN x 0.2% = 0.004 PLN an impression: a CPM of 4 PLN, 20 at most.
    expect(outcomeBidCeiling(goal, priors, shares)).toBe(20_000_000);
    expect(outcomeBidCeiling({ ...goal, ceilingCpmMicros: 7_000_000 }, priors, shares)).toBe(7_000_000);
    expect(outcomeBidCeiling({ ...goal, ceilingCpmMicros: 90_000_000 }, priors, shares)).toBe(20_000_000);
  });
});

describe('outcomeCandidate', () => {
  it('bids the goal’s value of the impression, net, and reserves its gross', () => {
    const candidate = matched();
    expect(candidate.priceMicros).toBe(netBidMicros(20_000_000, 2000, 500));
    // 2 PLN x 0.5% = 0.01 PLN an impression (CPM 10 PLN): 7,500 micro-units net of 25 %.
    const priced = outcomeCandidate(candidate, { ...priors, clickProbability: 0.005 });
    expect(priced?.priceMicros).toBe(7_500);
    expect(priced?.maxCostMicros).toBe(splitCost(7_500, 2000, 500).grossMicros);
    expect(priced?.maxCostMicros).toBe(10_000);
    expect(priced?.rankValue).toBe(7_500 * candidate.quote.baseRate);
  });

  it('never bids above what it was matched at', () => {
    const candidate = matched({ ceiling: 7_000_000 });
    const priced = outcomeCandidate(candidate, { ...priors, clickProbability: 0.5 });
    expect(priced?.priceMicros).toBe(netBidMicros(7_000_000, 2000, 500));
    expect(priced?.maxCostMicros).toBe(7_000);
  });

  it('bids in the request’s currency, rounded down', () => {
    const candidate = matched({ currency: 'USD' });
    const priced = outcomeCandidate(candidate, { ...priors, clickProbability: 0.005 });
    // 7,500 PLN micro-units at 4 PLN a dollar.
    expect(candidate.currency).toBe('USD');
    expect(priced?.priceMicros).toBe(1_875);
    expect(outcomeCandidate(candidate, { ...priors, clickProbability: 0.0050001 })?.priceMicros).toBe(1_875);
  });

  it('drops an impression worth less than the floor, or nothing', () => {
    const candidate = matched({ floorMicros: 5_000 });
    expect(outcomeCandidate(candidate, { ...priors, clickProbability: 0.005 })?.priceMicros).toBe(7_500);
    expect(outcomeCandidate(candidate, { ...priors, clickProbability: 0.003 })).toBeNull();
    expect(outcomeCandidate(matched(), { ...priors, clickProbability: 0 })).toBeNull();
  });

  it('leaves a max-CPM campaign’s candidate as it is', () => {
    const [candidate] = candidatesFor(buildCampaignIndex([campaign()]), request(), imp(), context());
    expect(candidate && outcomeCandidate(candidate, { ...priors, clickProbability: 0.9 })).toBe(candidate);
  });
});
