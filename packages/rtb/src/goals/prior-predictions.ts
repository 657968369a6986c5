import type { ImpressionPredictions } from './goal';

/** What a campaign, an advertiser or the platform bought lately: the evidence behind a prior. */
export interface OutcomeHistory {
  impressions: number;
  clicks: number;
  /** Post-click conversions. */
  conversions: number;
  /** What those conversions were worth, micro-units of the currency the prior is for. */
  conversionValueMicros: number;
}

/**
 * Where the platform's own history starts before it has any: display-like rates (0.2% of
 * impressions clicked, 1% of clicks ordering) and an order worth 100 units of the currency.
 */
export const STARTING_RATES = { clickRate: 0.002, conversionRate: 0.01, orderValueMicros: 100_000_000 };

/**
 * How much evidence the wider average counts as when it is blended with the narrower one: a
 * campaign's rate moves off the platform's after about this many of its own impressions, clicks
 * or conversions.
 */
export const PRIOR_WEIGHT = { impressions: 10_000, clicks: 300, conversions: 20 };

/** The observed rate `hits / trials` shrunk toward `prior`, which counts as `weight` trials. */
const shrunk = (hits: number, trials: number, prior: number, weight: number) =>
  (Math.max(0, hits) + prior * weight) / (Math.max(0, trials) + weight);

/**
 * A campaign's predictions before a model knows its impressions one by one (issue: "starts with
 * priors, the platform's averages"): the platform's rates (shrunk toward `STARTING_RATES` while it
 * has little history), then the campaign's own shrunk toward them; the order value the same way
 * from the platform's (in the campaign's currency) through the advertiser's.
 */
export function priorPredictions(
  campaign: OutcomeHistory,
  advertiser: OutcomeHistory,
  platform: OutcomeHistory,
): ImpressionPredictions {
  const platformClickRate = shrunk(
    platform.clicks,
    platform.impressions,
    STARTING_RATES.clickRate,
    PRIOR_WEIGHT.impressions,
  );
  const platformConversionRate = shrunk(
    platform.conversions,
    platform.clicks,
    STARTING_RATES.conversionRate,
    PRIOR_WEIGHT.clicks,
  );
  const platformOrderValue = shrunk(
    platform.conversionValueMicros,
    platform.conversions,
    STARTING_RATES.orderValueMicros,
    PRIOR_WEIGHT.conversions,
  );
  return {
    clickProbability: shrunk(
      campaign.clicks,
      campaign.impressions,
      platformClickRate,
      PRIOR_WEIGHT.impressions,
    ),
    conversionProbability: shrunk(
      campaign.conversions,
      campaign.clicks,
      platformConversionRate,
      PRIOR_WEIGHT.clicks,
    ),
    orderValueMicros: shrunk(
      advertiser.conversionValueMicros,
      advertiser.conversions,
      platformOrderValue,
      PRIOR_WEIGHT.conversions,
    ),
  };
}
