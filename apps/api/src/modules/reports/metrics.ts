import type { ReportMetrics } from '@rtb/shared';
import type { MetricSums } from './repository';

export const noDelivery: MetricSums = {
  impressions: 0,
  clicks: 0,
  spendMicros: 0,
  conversions: 0,
  conversionValueMinor: 0,
};

/** The sums of several rows (integers, so exact). */
export const sumOf = (rows: MetricSums[]): MetricSums =>
  rows.reduce(
    (total, row) => ({
      impressions: total.impressions + row.impressions,
      clicks: total.clicks + row.clicks,
      spendMicros: total.spendMicros + row.spendMicros,
      conversions: total.conversions + row.conversions,
      conversionValueMinor: total.conversionValueMinor + row.conversionValueMinor,
    }),
    noDelivery,
  );

/** `numerator / denominator` rounded half up, in BigInt (spend x 1000 can pass 2^53). */
const roundedRatio = (numerator: bigint, denominator: number) =>
  Number((2n * numerator + BigInt(denominator)) / (2n * BigInt(denominator)));

/**
 * The figures of some delivery: CTR, CPM, CPC and ROAS, each null where its divisor is zero.
 * ROAS compares the conversion value (minor units) with the spend (micro-units), hence the
 * currency's minor units.
 */
export function metricsOf(sums: MetricSums, currencyMinorUnits: number): ReportMetrics {
  const { impressions, clicks, spendMicros, conversionValueMinor } = sums;
  return {
    ...sums,
    ctr: impressions > 0 ? clicks / impressions : null,
    cpmMicros: impressions > 0 ? roundedRatio(BigInt(spendMicros) * 1000n, impressions) : null,
    cpcMicros: clicks > 0 ? roundedRatio(BigInt(spendMicros), clicks) : null,
    roas: spendMicros > 0 ? (conversionValueMinor * 10 ** (6 - currencyMinorUnits)) / spendMicros : null,
  };
}
