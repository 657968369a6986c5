import type { CostSplit } from '@rtb/rtb';

/**
 * The gross an impression costs the advertiser for `mediaMicros` of media, and its parts:
 * gross = ceil(media * 10000 / (10000 - margin - commission)), commission = floor(gross *
 * commission / 10000), margin = the rest. Stands in for packages/rtb's `splitCost` (same
 * formula), which replaces it at merge.
 */
export function splitCost(mediaMicros: number, marginBps: number, commissionBps: number): CostSplit {
  const keep = 10_000n - BigInt(marginBps) - BigInt(commissionBps);
  if (keep <= 0n) throw new Error('Margin and commission must leave part of the price for the media.');
  const media = BigInt(mediaMicros);
  const gross = (media * 10_000n + keep - 1n) / keep;
  const commission = (gross * BigInt(commissionBps)) / 10_000n;
  return {
    grossMicros: Number(gross),
    mediaMicros,
    marginMicros: Number(gross - media - commission),
    commissionMicros: Number(commission),
  };
}
