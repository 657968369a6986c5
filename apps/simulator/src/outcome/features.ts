import type { BidRequest } from '../openrtb';
import { localHour } from './local-hour';
import { interestsOfCategory, recencyLimits } from './true-effects';
import type { ContextFeatures, Recency, UserTraits } from './types';

/** What the true model reads of a request, its visitor and the moment, before any ad is chosen. */
export function contextOf(opportunity: {
  request: BidRequest;
  exchange: string;
  traits: UserTraits;
  position: ContextFeatures['position'];
  /** When the visitor last viewed a product (epoch ms), null if never. */
  lastViewAt: number | null;
  at: number;
}): ContextFeatures {
  const { request, traits, at } = opportunity;
  const categories = request.site?.cat ?? request.app?.cat ?? [];
  return {
    exchange: opportunity.exchange,
    placement: request.site?.domain ?? request.app?.bundle ?? '',
    inApp: request.app !== undefined,
    devicetype: request.device.devicetype,
    os: request.device.os,
    country: request.device.geo.country,
    localHour: localHour(traits.timeZone, at),
    position: opportunity.position,
    recency: recencyOf(opportunity.lastViewAt, at),
    interestMatch: categories.some((category) =>
      (interestsOfCategory[category.split('-')[0] ?? category] ?? []).some((interest) =>
        traits.interests.includes(interest),
      ),
    ),
    slotSize: slotSizeOf(request),
  };
}

function recencyOf(lastViewAt: number | null, at: number): Recency {
  if (lastViewAt === null) return 'never';
  return recencyLimits.find((limit) => at - lastViewAt <= limit.withinMs)?.recency ?? 'older';
}

/** The imp's primary size (its first format when it takes several). */
export function slotSizeOf(request: BidRequest): string {
  const banner = request.imp[0]?.banner;
  const size = banner?.format?.[0] ?? { w: banner?.w, h: banner?.h };
  return `${size.w}x${size.h}`;
}
