import type { BannerInput, BidRequestFacts, ImpFacts } from '../types';
import type { ImpressionFeatures } from './features';

/** An imp of a request with the ad chosen for it and what the bidder knows of the visitor. */
export interface ImpressionContext {
  request: BidRequestFacts;
  imp: ImpFacts;
  /** The creative chosen for the imp: its size is the impression's. */
  creative: Pick<BannerInput, 'id' | 'width' | 'height'>;
  campaignId: number;
  /** The campaign's audience the visitor matched; null for none (or a campaign without audiences). */
  audienceId: number | null;
  /** Since the visitor last viewed a product of the advertiser; null when never (or unknown). */
  lastProductViewAgeSeconds: number | null;
  /** When the request came: with the user's UTC offset, the local hour. */
  now: Date;
}

const MINUTES_PER_DAY = 1_440;

/** 0-23 on the user's wall clock, from the request's UTC offset; null without one. */
function localHourOf(now: Date, utcOffsetMinutes: number | null): number | null {
  if (utcOffsetMinutes === null) return null;
  const minutes = Math.floor(now.getTime() / 60_000) + utcOffsetMinutes;
  const minuteOfDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return Math.floor(minuteOfDay / 60);
}

/**
 * What the click and conversion models read of an impression (`featureIndices`), as the bidder
 * knows it when it bids: the request's inventory, device and imp, the chosen creative and
 * campaign, and the visitor's audience and last product view. AdCOM's position 0 says "unknown",
 * as a missing `banner.pos` does: both are the model's one bucket of an unknown position.
 */
export function impressionFeaturesOf(context: ImpressionContext): ImpressionFeatures {
  const { request, imp, creative } = context;
  const { device } = request;
  return {
    width: creative.width,
    height: creative.height,
    // The name the impression's event records (a site's domain, an app's bundle or store name):
    // the trainer reads it there, so both sides hash the same value.
    domain: request.inventory.reportName,
    deviceType: device.type,
    os: device.os,
    country: device.country,
    localHour: localHourOf(context.now, device.utcOffsetMinutes),
    creativeId: creative.id,
    campaignId: context.campaignId,
    audienceId: context.audienceId,
    lastProductViewAgeSeconds: context.lastProductViewAgeSeconds,
    adPosition: imp.position === 0 ? null : imp.position,
  };
}
