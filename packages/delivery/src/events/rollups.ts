import type { ConversionSource } from '@rtb/shared';
import { conversionSourceOf } from '../conversions/conversion-source';
import { isImpressionBidContext } from './bid-context';
import type { DailyStatsDelta } from './daily-stats';
import type { HourlyStatsDelta, ProductHourlyStatsDelta } from './hourly-stats';
import type { DeliveryEventRow } from './repository';

const HOUR_MS = 3_600_000;
/** The rollup counter of the conversions from each source. */
const sourceCounter = {
  pixel: 'pixelConversions',
  tag: 'tagConversions',
  postback: 'postbackConversions',
} as const satisfies Record<ConversionSource, keyof HourlyStatsDelta>;
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

const MICRO = 1_000_000;

/**
 * What the bidder predicted of an impression (the models', or an outcome goal's priors), in
 * millionths: a click (pCTR) and a conversion (pCTR x pCVR); nothing where it predicted none.
 */
function predictedOf(
  context: unknown,
): Pick<HourlyStatsDelta, 'predictedClicksMicro' | 'predictedConversionsMicro'> {
  if (!isImpressionBidContext(context) || context.pc === null) return {};
  return {
    predictedClicksMicro: Math.round(context.pc * MICRO),
    ...(context.pv === null
      ? {}
      : { predictedConversionsMicro: Math.round(context.pc * context.pv * MICRO) }),
  };
}

/**
 * What a newly recorded event adds to its hourly rollup row (UTC hour of when it happened);
 * null for what the rollups do not count (losses, invalid wins, unattributed or held conversions).
 * A conversion counts once in its kind (post-click or post-view) and once in its source.
 */
export function hourlyDeltaOf(event: DeliveryEventRow): HourlyStatsDelta | null {
  if (event.campaignId == null || event.bannerId == null) return null;
  const valid = event.invalidReason == null;
  const counters = ((): Omit<
    HourlyStatsDelta,
    'hour' | 'advertiserId' | 'campaignId' | 'bannerId'
  > | null => {
    switch (event.kind) {
      case 'win':
        return valid ? { wins: 1 } : null;
      case 'impression':
        return valid
          ? {
              impressions: 1,
              clearingMicros: event.clearingMicros ?? 0,
              spendMicros: event.costMicros ?? 0,
              marginMicros: event.marginMicros ?? 0,
              commissionMicros: event.commissionMicros ?? 0,
              ...predictedOf(event.bidContext),
              ...(event.unshadedMicros == null
                ? {}
                : { shadedClearingMicros: event.clearingMicros ?? 0, unshadedMicros: event.unshadedMicros }),
            }
          : { invalidImpressions: 1 };
      case 'click':
        return valid ? { clicks: 1 } : { invalidClicks: 1 };
      case 'conversion': {
        const source = conversionSourceOf(event.source);
        if (!valid || !event.attribution || !source) return null;
        return {
          [event.attribution === 'click' ? 'clickConversions' : 'viewConversions']: 1,
          [sourceCounter[source]]: 1,
          conversionValueMinor: event.valueMinor ?? 0,
        };
      }
      default:
        return null;
    }
  })();
  if (!counters) return null;
  return {
    hour: hourOf(event.occurredAt),
    advertiserId: event.advertiserId,
    campaignId: event.campaignId,
    bannerId: event.bannerId,
    country: event.country ?? '',
    deviceType: event.deviceType ?? '',
    domain: event.domain ?? '',
    ...counters,
  };
}

/**
 * What a newly recorded valid event of a dynamic banner adds to its products' hourly rows: an
 * impression one showing to each product it showed, a click one click to its product, a
 * conversion after a click on a product a post-click conversion and its value (a view
 * conversion is not split by product: its impression showed several).
 */
export function productDeltasOf(event: DeliveryEventRow): ProductHourlyStatsDelta[] {
  if (event.campaignId == null || event.bannerId == null || event.invalidReason != null) return [];
  const counters = ((): Omit<
    ProductHourlyStatsDelta,
    'hour' | 'advertiserId' | 'campaignId' | 'bannerId' | 'productKey'
  > | null => {
    switch (event.kind) {
      case 'impression':
        return { impressions: 1 };
      case 'click':
        return { clicks: 1 };
      case 'conversion':
        return event.attribution === 'click'
          ? { clickConversions: 1, conversionValueMinor: event.valueMinor ?? 0 }
          : null;
      default:
        return null;
    }
  })();
  if (!counters) return [];
  const { advertiserId, campaignId, bannerId } = event;
  const hour = hourOf(event.occurredAt);
  return [...new Set(event.productKeys ?? [])].map((productKey) => ({
    hour,
    advertiserId,
    campaignId,
    bannerId,
    productKey,
    ...counters,
  }));
}

/** What a newly recorded valid impression or click adds to its campaign's day (the advertiser's day of the bid). */
export function dailyDeltaOf(event: DeliveryEventRow, day: string | null): DailyStatsDelta | null {
  if (event.invalidReason != null || event.campaignId == null || !day) return null;
  if (event.kind === 'impression')
    return {
      campaignId: event.campaignId,
      day,
      impressions: 1,
      clicks: 0,
      spendMicros: event.costMicros ?? 0,
    };
  if (event.kind === 'click')
    return { campaignId: event.campaignId, day, impressions: 0, clicks: 1, spendMicros: 0 };
  return null;
}

/** Daily deltas of one campaign and day summed (one row each in the upsert). */
export function mergeDailyDeltas(deltas: DailyStatsDelta[]): DailyStatsDelta[] {
  const merged = new Map<string, DailyStatsDelta>();
  for (const d of deltas) {
    const key = `${d.campaignId}:${d.day}`;
    const row = merged.get(key);
    if (!row) merged.set(key, { ...d });
    else {
      row.impressions += d.impressions;
      row.clicks += d.clicks;
      row.spendMicros += d.spendMicros;
    }
  }
  return [...merged.values()];
}
