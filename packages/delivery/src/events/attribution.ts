import type { Database } from '@rtb/db';
import { attributionWindowLimits, type ConversionAttribution } from '@rtb/shared';
import { type AttributionWindows, attributionWindows } from './attribution-windows';
import { recentTouches, type Touch } from './repository';

const DAY_MS = 86_400_000;
/**
 * How many of the user's latest clicks (or impressions) are held to their campaigns' windows:
 * newer ones outside their short windows hide an older one inside a long window only when there
 * are more than this many (a bound on the rows one conversion reads).
 */
const TOUCHES_WEIGHED = 50;
/** The windows of a touch whose campaign is gone: the defaults a new campaign gets. */
const DEFAULT_WINDOWS: AttributionWindows = {
  clickWindowDays: attributionWindowLimits.clickWindowDays.default,
  viewWindowDays: attributionWindowLimits.viewWindowDays.default,
};

/** What a conversion takes of its touch: the bid, campaign, creative and where it was shown. */
type Credit = Omit<Touch, 'occurredAt'>;

/** The events a touch of each attribution is: a click, or a view (a billed impression, or our pixel's render). */
const touchKinds = { click: ['click'], view: ['impression', 'render'] } as const;

/**
 * Last touch within the campaign's windows (DESIGN.md section 6): the user's last valid click of
 * the advertiser no older at the conversion than its campaign's click window, else its last
 * valid view within its campaign's view window (0 days: never), and when it happened; null when
 * neither.
 */
export async function attributionOf(
  db: Database,
  conversion: { advertiserId: number; userId: string; occurredAt: Date },
): Promise<{ attribution: ConversionAttribution; touch: Credit; touchedAt: Date } | null> {
  const click = await lastTouchWithin(db, conversion, 'click');
  if (click) return { attribution: 'click', ...click };
  const view = await lastTouchWithin(db, conversion, 'view');
  return view ? { attribution: 'view', ...view } : null;
}

/**
 * The newest of the user's touches of this attribution inside its own campaign's window: they are
 * read within the longest window any campaign may have, then each is held to its campaign's.
 */
async function lastTouchWithin(
  db: Database,
  conversion: { advertiserId: number; userId: string; occurredAt: Date },
  attribution: ConversionAttribution,
): Promise<{ touch: Credit; touchedAt: Date } | null> {
  const until = conversion.occurredAt;
  const windowOf = (windows: AttributionWindows) =>
    (attribution === 'click' ? windows.clickWindowDays : windows.viewWindowDays) * DAY_MS;
  const longest = windowOf({
    clickWindowDays: attributionWindowLimits.clickWindowDays.max,
    viewWindowDays: attributionWindowLimits.viewWindowDays.max,
  });
  const touches = await recentTouches(db, {
    advertiserId: conversion.advertiserId,
    userId: conversion.userId,
    kinds: touchKinds[attribution],
    since: new Date(until.getTime() - longest),
    until,
    limit: TOUCHES_WEIGHED,
  });
  if (!touches.length) return null;
  const campaignIds = touches.flatMap((touch) => (touch.campaignId === null ? [] : [touch.campaignId]));
  const windows = await attributionWindows(db, campaignIds);
  const found = touches.find((touch) => {
    const own = (touch.campaignId !== null && windows.get(touch.campaignId)) || DEFAULT_WINDOWS;
    return until.getTime() - touch.occurredAt.getTime() < windowOf(own);
  });
  if (!found) return null;
  const { occurredAt, ...touch } = found;
  return { touch, touchedAt: occurredAt };
}
