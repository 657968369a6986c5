import {
  BROWSER_CONVERSIONS_PER_USER_HOUR,
  type ConversionHoldReason,
  type ConversionStatus,
  MIN_CLICK_TO_CONVERSION_SECONDS,
} from '@rtb/shared';
import type { DeliveryDeps } from '../deps';
import type { DeliveryEventRow } from '../events/repository';
import {
  type ConversionOutcome,
  earlierBrowserConversions,
  recordConversionOutcomes,
} from './conversion-repository';
import { maxOrderValuesOf } from './conversion-settings';
import { BROWSER_DELIVERY_SOURCES } from './conversion-source';

/** A held conversion's confirmation (`DeliveryEventInput.confirmation`), by its key. */
export const isConfirmation = (row: DeliveryEventRow) => row.eventKey.startsWith('confirmed:');

function statusOf(row: DeliveryEventRow): ConversionStatus {
  if (row.invalidReason === 'held') return 'held';
  return row.invalidReason ? 'bot' : 'counted';
}

/**
 * The browser's conversions (the pixel's and the tag's; what anyone can send) are bounded: one
 * worth more than the advertiser's maximum order value, one past the user's
 * `BROWSER_CONVERSIONS_PER_USER_HOUR` at the shop, and one sooner than
 * `MIN_CLICK_TO_CONVERSION_SECONDS` after its click are held (`invalid_reason = 'held'`: recorded,
 * left out of the rollups) until a postback of the order or the advertiser confirms it. Takes the
 * batch's newly claimed conversions after attribution (`touchedAt`: when each one's touch
 * happened) and writes each one's outcome onto its order's row for the Tags tab. A postback is
 * trusted and counts in full; a confirmation is not checked again.
 */
export async function checkConversions(
  deps: DeliveryDeps,
  conversions: DeliveryEventRow[],
  touchedAt: ReadonlyMap<DeliveryEventRow, Date>,
): Promise<void> {
  const claimed = conversions.filter((row) => !isConfirmation(row));
  const browser = claimed.filter(
    (row) => BROWSER_DELIVERY_SOURCES.includes(row.source) && !row.invalidReason,
  );
  const held = new Map<DeliveryEventRow, ConversionHoldReason[]>();
  if (browser.length) {
    const maxima = await maxOrderValuesOf(
      deps,
      browser.map((row) => row.advertiserId),
    );
    const ofUsers = browser.filter((row) => row.userId);
    const earlier = await earlierBrowserConversions(
      deps.db,
      ofUsers.map((row) => ({
        advertiserId: row.advertiserId,
        userId: row.userId as string,
        occurredAt: row.occurredAt,
        orderId: row.orderId as string,
      })),
      BROWSER_CONVERSIONS_PER_USER_HOUR,
    );
    const earlierOf = new Map(ofUsers.map((row, i) => [row, earlier[i] ?? 0]));
    for (const row of browser) {
      const reasons = holdReasonsOf(row, {
        max: maxima.get(row.advertiserId) as number,
        earlier: earlierOf.get(row) ?? 0,
        touchedAt: touchedAt.get(row) ?? null,
      });
      if (reasons.length) {
        row.invalidReason = 'held';
        held.set(row, reasons);
      }
    }
  }
  // Only what differs from a new row's defaults (counted, no reasons, no touch) is written.
  const outcomes: ConversionOutcome[] = claimed
    .map((row) => ({
      advertiserId: row.advertiserId,
      orderId: row.orderId as string,
      status: statusOf(row),
      holdReasons: held.get(row) ?? [],
      attribution: row.attribution ?? null,
    }))
    .filter((outcome) => outcome.status !== 'counted' || outcome.attribution !== null);
  await recordConversionOutcomes(deps.db, outcomes);
}

function holdReasonsOf(
  row: DeliveryEventRow,
  facts: { max: number; earlier: number; touchedAt: Date | null },
): ConversionHoldReason[] {
  const reasons: ConversionHoldReason[] = [];
  if ((row.valueMinor ?? 0) > facts.max) reasons.push('value_above_maximum');
  if (facts.earlier >= BROWSER_CONVERSIONS_PER_USER_HOUR) reasons.push('too_many_from_user');
  if (
    row.attribution === 'click' &&
    facts.touchedAt &&
    row.occurredAt.getTime() - facts.touchedAt.getTime() < MIN_CLICK_TO_CONVERSION_SECONDS * 1000
  )
    reasons.push('too_soon_after_click');
  return reasons;
}
