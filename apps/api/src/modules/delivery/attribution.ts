import type { Database } from '@rtb/db';
import type { ConversionAttribution } from '@rtb/shared';
import { lastTouch, type Touch } from './repository';

const DAY_MS = 86_400_000;
/** How far back a click, and an impression, can have led to a conversion (DESIGN.md section 6). */
export const CLICK_WINDOW_MS = 7 * DAY_MS;
export const VIEW_WINDOW_MS = DAY_MS;

/**
 * Last touch: the user's last valid click of the advertiser within 7 days before the
 * conversion, else its last valid impression within 1 day; null when neither.
 */
export async function attributionOf(
  db: Database,
  conversion: { advertiserId: number; userId: string; occurredAt: Date },
): Promise<{ attribution: ConversionAttribution; touch: Touch } | null> {
  const { advertiserId, userId, occurredAt } = conversion;
  const until = occurredAt;
  const click = await lastTouch(db, {
    advertiserId,
    userId,
    kind: 'click',
    since: new Date(until.getTime() - CLICK_WINDOW_MS),
    until,
  });
  if (click) return { attribution: 'click', touch: click };
  const view = await lastTouch(db, {
    advertiserId,
    userId,
    kind: 'impression',
    since: new Date(until.getTime() - VIEW_WINDOW_MS),
    until,
  });
  return view ? { attribution: 'view', touch: view } : null;
}
