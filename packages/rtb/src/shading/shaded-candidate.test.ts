import { describe, expect, it } from 'vitest';
import { buildCampaignIndex, candidatesFor } from '../decision';
import { campaign, context, imp, request } from '../decision/test-fixtures';
import { initialWinCurveState, isWinCurveState, LogLogisticWinCurve } from './log-logistic-win-curve';
import { winCurveSegment } from './segment';
import { shadedBid } from './shaded-bid';
import { SHADING_WIN_RATE_SHARE, shadedCandidate } from './shaded-candidate';

/** A 40 PLN CPM campaign's candidate: 30,000 micro-units an impression net of 25 %. */
const [candidate] = candidatesFor(
  buildCampaignIndex([campaign({ maxCpmMicros: 40_000_000 })]),
  request(),
  imp({ floorMicros: 1_000, floorCurrency: 'PLN' }),
  context(),
);
/** Competing bids around 12,000 micro-units, learned from 2,000 outcomes. */
const curve = new LogLogisticWinCurve({
  ...initialWinCurveState(12_000),
  logScale: Math.log(0.25),
  observations: 2_000,
});

describe('shadedCandidate', () => {
  it('bids the surplus-maximising price in a first-price auction, keeping half its win rate, and says its full price', () => {
    if (!candidate) throw new Error('no candidate');
    const shaded = shadedCandidate(candidate, 1, curve);
    const expected = shadedBid({
      valueMicros: 30_000,
      auctionType: 1,
      curve,
      minWinRate: curve.winRate(30_000) * SHADING_WIN_RATE_SHARE,
      floorMicros: 1_000,
    });
    expect(shaded.candidate.priceMicros).toBe(expected);
    expect(expected).toBeLessThan(24_000);
    expect(curve.winRate(expected)).toBeGreaterThanOrEqual(curve.winRate(30_000) * SHADING_WIN_RATE_SHARE);
    expect(shaded.unshadedMicros).toBe(30_000);
    expect(shaded.candidate.rankValue).toBe(expected * candidate.quote.baseRate);
    // It reserves what the full price did: the bid can only cost less.
    expect(shaded.candidate.maxCostMicros).toBe(candidate.maxCostMicros);
  });

  it('leaves a second-price bid, or one without a curve, at its full price', () => {
    if (!candidate) throw new Error('no candidate');
    expect(shadedCandidate(candidate, 2, curve)).toEqual({ candidate, unshadedMicros: null });
    expect(shadedCandidate(candidate, 1, undefined)).toEqual({ candidate, unshadedMicros: null });
  });
});

describe('win curve segments and states', () => {
  it('names a segment by currency, domain and size', () => {
    expect(winCurveSegment({ currency: 'PLN', domain: 'news.example.pl', width: 300, height: 250 })).toBe(
      'PLN|news.example.pl|300x250',
    );
    expect(winCurveSegment({ currency: 'EUR', domain: null, width: 728, height: 90 })).toBe('EUR||728x90');
  });

  it('takes a stored state only with finite numbers and whole observations', () => {
    const state = initialWinCurveState(5_000);
    expect(isWinCurveState(state)).toBe(true);
    for (const bad of [
      null,
      'x',
      { ...state, location: 'a' },
      { ...state, observations: 1.5 },
      { ...state, logScale: 99 },
    ])
      expect(isWinCurveState(bad)).toBe(false);
  });
});
