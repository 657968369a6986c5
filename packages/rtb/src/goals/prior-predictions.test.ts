import { describe, expect, it } from 'vitest';
import { type OutcomeHistory, priorPredictions, STARTING_RATES } from './prior-predictions';

const none: OutcomeHistory = { impressions: 0, clicks: 0, conversions: 0, conversionValueMicros: 0 };
/** A platform with plenty of history: 0.5% clicked, 4% of clicks ordering, orders of 250 units. */
const busy: OutcomeHistory = {
  impressions: 10_000_000,
  clicks: 50_000,
  conversions: 2_000,
  conversionValueMicros: 2_000 * 250_000_000,
};

describe('priorPredictions', () => {
  it('starts from the starting rates when nobody has any history', () => {
    expect(priorPredictions(none, none, none)).toEqual({
      clickProbability: STARTING_RATES.clickRate,
      conversionProbability: STARTING_RATES.conversionRate,
      orderValueMicros: STARTING_RATES.orderValueMicros,
    });
  });

  it("takes the platform's rates once it has plenty of history", () => {
    const prior = priorPredictions(none, none, busy);
    expect(prior.clickProbability).toBeCloseTo(0.005, 4);
    expect(prior.conversionProbability).toBeCloseTo(0.04, 3);
    // 2,000 orders outweigh the starting value's 20 all but 1%.
    expect(prior.orderValueMicros / 1e6).toBeGreaterThan(247);
    expect(prior.orderValueMicros / 1e6).toBeLessThan(250);
  });

  it("moves a campaign off the platform's rates as its own evidence grows, and no sooner", () => {
    const own = (impressions: number): OutcomeHistory => ({
      impressions,
      clicks: impressions * 0.02,
      conversions: impressions * 0.02 * 0.1,
      conversionValueMicros: 0,
    });
    const little = priorPredictions(own(1_000), none, busy);
    const plenty = priorPredictions(own(2_000_000), none, busy);
    // 1,000 impressions (20 clicks) barely move it; 2,000,000 make it the campaign's own 2% and 10%.
    expect(little.clickProbability).toBeLessThan(0.007);
    expect(plenty.clickProbability).toBeCloseTo(0.02, 3);
    expect(plenty.conversionProbability).toBeCloseTo(0.1, 2);
  });

  it("values an order as the advertiser's own orders once it has them", () => {
    const advertiser = { ...none, conversions: 5_000, conversionValueMicros: 5_000 * 40_000_000 };
    const value = priorPredictions(none, advertiser, busy).orderValueMicros / 1e6;
    expect(value).toBeGreaterThan(40);
    expect(value).toBeLessThan(41);
  });
});
