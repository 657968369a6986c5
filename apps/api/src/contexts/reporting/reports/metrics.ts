import type { ReportMetrics, ReportRowDto } from '@rtb/shared';
import type { MetricSums } from './repository';

export const noDelivery: MetricSums = {
  bids: 0,
  wins: 0,
  impressions: 0,
  clicks: 0,
  spendMicros: 0,
  clickConversions: 0,
  viewConversions: 0,
  conversionValueMinor: 0,
  pixelConversions: 0,
  tagConversions: 0,
  postbackConversions: 0,
  predictedClicksMicro: 0,
  predictedConversionsMicro: 0,
  shadedClearingMicros: 0,
  unshadedMicros: 0,
};

const sumKeys = Object.keys(noDelivery) as (keyof MetricSums)[];

/** The sums of several rows (integers, so exact). */
export function sumOf(rows: MetricSums[]): MetricSums {
  const total = { ...noDelivery };
  for (const row of rows) for (const key of sumKeys) total[key] += row[key];
  return total;
}

/** `numerator / denominator` rounded half up, in BigInt (spend x 1000 can pass 2^53). */
const roundedRatio = (numerator: bigint, denominator: number) =>
  Number((2n * numerator + BigInt(denominator)) / (2n * BigInt(denominator)));

/** The rollups count predictions in millionths of a click or conversion. */
const MICRO = 1_000_000;

/**
 * The figures of some delivery, each null where its divisor is zero (the panel shows a dash):
 * win rate (wins per bid), CTR, CPM and CPC (money rounded half up to the micro-unit),
 * conversions (post-click plus post-view), conversion rate (post-click conversions per click: a
 * view conversion follows no click), CPA (spend per conversion) and ROAS (conversion value per
 * unit of spend; the value is in minor units, the spend in micro-units, hence the currency's
 * minor units), the models' predicted clicks and conversions (null where none was predicted: no
 * model scored the impressions) and what shading saved (the shaded impressions' full bids less
 * what they cleared at, and its share of the full bids).
 */
export function metricsOf(sums: MetricSums, currencyMinorUnits: number): ReportMetrics {
  const {
    bids,
    wins,
    impressions,
    clicks,
    spendMicros,
    clickConversions,
    viewConversions,
    conversionValueMinor,
    pixelConversions,
    tagConversions,
    postbackConversions,
    predictedClicksMicro,
    predictedConversionsMicro,
    shadedClearingMicros,
    unshadedMicros,
  } = sums;
  const conversions = clickConversions + viewConversions;
  const shadingSavingMicros = unshadedMicros - shadedClearingMicros;
  return {
    bids,
    wins,
    winRate: bids > 0 ? wins / bids : null,
    impressions,
    clicks,
    ctr: impressions > 0 ? clicks / impressions : null,
    spendMicros,
    cpmMicros: impressions > 0 ? roundedRatio(BigInt(spendMicros) * 1000n, impressions) : null,
    cpcMicros: clicks > 0 ? roundedRatio(BigInt(spendMicros), clicks) : null,
    clickConversions,
    viewConversions,
    conversions,
    postbackConversions,
    tagConversions,
    pixelConversions,
    conversionRate: clicks > 0 ? clickConversions / clicks : null,
    conversionValueMinor,
    cpaMicros: conversions > 0 ? roundedRatio(BigInt(spendMicros), conversions) : null,
    roas: spendMicros > 0 ? (conversionValueMinor * 10 ** (6 - currencyMinorUnits)) / spendMicros : null,
    predictedClicks: predictedClicksMicro > 0 ? predictedClicksMicro / MICRO : null,
    predictedConversions: predictedConversionsMicro > 0 ? predictedConversionsMicro / MICRO : null,
    shadingSavingMicros,
    shadingSavingRate: unshadedMicros > 0 ? shadingSavingMicros / unshadedMicros : null,
  };
}

/** A product's figures: those of `ReportRowDto` by product. */
export type ProductMetrics = Omit<ReportRowDto, 'period' | 'key' | 'name' | 'campaignStatus'>;

/**
 * The figures of a product's sums (`stats_product_hourly`): times shown, clicks, CTR, the
 * conversions after a click on it (all its conversions), their value and rate; null for what is
 * not split by product: bids, wins, spend and its figures (CPM, CPC, CPA, ROAS), post-view
 * conversions, the conversions' sources, the predictions and the shading's saving (all per
 * impression, however many products it showed).
 */
export function productMetricsOf(sums: MetricSums, currencyMinorUnits: number): ProductMetrics {
  const metrics = metricsOf({ ...sums, viewConversions: 0 }, currencyMinorUnits);
  return {
    ...metrics,
    bids: null,
    wins: null,
    winRate: null,
    spendMicros: null,
    cpmMicros: null,
    cpcMicros: null,
    viewConversions: null,
    postbackConversions: null,
    tagConversions: null,
    pixelConversions: null,
    cpaMicros: null,
    roas: null,
    predictedClicks: null,
    predictedConversions: null,
    shadingSavingMicros: null,
    shadingSavingRate: null,
  };
}
