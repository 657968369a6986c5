import { describe, expect, it } from 'vitest';
import { metricsOf, noDelivery, sumOf } from './metrics';

describe('metricsOf', () => {
  it('works each figure out of the sums, rounding money half up to the micro-unit', () => {
    const figures = metricsOf(
      {
        bids: 400,
        wins: 100,
        impressions: 90,
        clicks: 8,
        spendMicros: 1_000_001,
        clickConversions: 2,
        viewConversions: 1,
        conversionValueMinor: 4_500,
        postbackConversions: 1,
        tagConversions: 1,
        pixelConversions: 1,
        predictedClicksMicro: 7_654_321,
        predictedConversionsMicro: 123_457,
        shadedClearingMicros: 600_000,
        unshadedMicros: 750_000,
      },
      2,
    );
    expect(figures).toEqual({
      bids: 400,
      wins: 100,
      winRate: 0.25,
      impressions: 90,
      clicks: 8,
      ctr: 8 / 90,
      spendMicros: 1_000_001,
      // 1,000,001,000 / 90 = 11,111,122.2
      cpmMicros: 11_111_122,
      // 1,000,001 / 8 = 125,000.125
      cpcMicros: 125_000,
      clickConversions: 2,
      viewConversions: 1,
      conversions: 3,
      postbackConversions: 1,
      tagConversions: 1,
      pixelConversions: 1,
      conversionRate: 0.25,
      conversionValueMinor: 4_500,
      // 1,000,001 / 3 = 333,333.67
      cpaMicros: 333_334,
      // 45.00 of value for 1.000001 of spend.
      roas: 45_000_000 / 1_000_001,
      // Millionths of a click and of a conversion.
      predictedClicks: 7.654321,
      predictedConversions: 0.123457,
      // 0.75 of full bids cleared at 0.60: 0.15 saved, a fifth of the full bids.
      shadingSavingMicros: 150_000,
      shadingSavingRate: 0.2,
    });
  });

  it('gives null, never NaN or Infinity, for every figure whose divisor is zero', () => {
    const figures = metricsOf(noDelivery, 2);
    expect(figures).toMatchObject({
      winRate: null,
      ctr: null,
      cpmMicros: null,
      cpcMicros: null,
      conversionRate: null,
      cpaMicros: null,
      roas: null,
      // Nothing predicted is no prediction (no model scored the impressions); nothing shaded, no rate.
      predictedClicks: null,
      predictedConversions: null,
      shadingSavingMicros: 0,
      shadingSavingRate: null,
    });
    // A conversion after a view, with no click and no spend: a count, no rate, a zero CPA.
    expect(metricsOf({ ...noDelivery, viewConversions: 1, conversionValueMinor: 100 }, 2)).toMatchObject({
      conversions: 1,
      conversionRate: null,
      cpaMicros: 0,
      roas: null,
    });
    for (const value of Object.values(figures)) if (value !== null) expect(Number.isFinite(value)).toBe(true);
  });

  it('adds rows up exactly, key by key', () => {
    const row = { ...noDelivery, bids: 3, wins: 2, impressions: 2, spendMicros: 7, clickConversions: 1 };
    expect(sumOf([row, row, noDelivery])).toEqual({
      ...noDelivery,
      bids: 6,
      wins: 4,
      impressions: 4,
      spendMicros: 14,
      clickConversions: 2,
    });
  });
});
