import { type ConversionStatus, HELD_CONVERSION_CONFIRM_DAYS } from '@rtb/shared';
import type { DeliveryDeps } from '../deps';
import { type DeliverySource, type RecordedEvent, recordDeliveryEvents } from '../events/record-events';
import { type ConfirmTarget, type ConversionOrderRow, markConfirmed } from './conversion-repository';

const DAY_MS = 86_400_000;

/** Who confirms: an advertiser's user (the held value counts), or a postback (its own value counts). */
export type Confirmer =
  | { kind: 'user'; accountId: number | null }
  | { kind: 'postback'; valueMinor: number | null; userId: string | null };

/**
 * What each confirmer may confirm: a user a held conversion; a postback also one a bot's browser
 * sent (the shop's server says the order was real).
 */
const confirmable: Record<Confirmer['kind'], readonly ConversionStatus[]> = {
  user: ['held'],
  postback: ['held', 'bot'],
};

/**
 * Confirms one of the advertiser's held conversions, in the caller's transaction: its row is
 * marked confirmed only while it is still held (of two confirmations one finds it), then the
 * conversion is recorded again as a confirmation (`confirmed:<advertiser>:<order id>`, at the held
 * one's time, attributed to that user's touch then), which adds it to the rollups exactly once.
 * Null when there is nothing to confirm (not held, already confirmed, older than
 * `HELD_CONVERSION_CONFIRM_DAYS`, or someone else's).
 */
export async function confirmHeld(
  deps: DeliveryDeps,
  advertiserId: number,
  target: ConfirmTarget,
  confirmer: Confirmer,
  now = new Date(),
): Promise<{ row: ConversionOrderRow; recorded: RecordedEvent } | null> {
  const row = await markConfirmed(deps.db, {
    advertiserId,
    target,
    statuses: confirmable[confirmer.kind],
    since: new Date(now.getTime() - HELD_CONVERSION_CONFIRM_DAYS * DAY_MS),
    by: confirmer.kind,
    accountId: confirmer.kind === 'user' ? confirmer.accountId : null,
    valueMinor: confirmer.kind === 'postback' ? confirmer.valueMinor : null,
  });
  if (!row?.occurredAt) return null;
  const [recorded] = await recordDeliveryEvents(deps, [
    {
      kind: 'conversion',
      confirmation: true,
      source: confirmer.kind === 'postback' ? 'postback' : (row.source as DeliverySource),
      occurredAt: row.occurredAt,
      advertiserId,
      orderId: row.orderId,
      valueMinor: confirmer.kind === 'postback' ? confirmer.valueMinor : row.valueMinor,
      userId: row.userId ?? (confirmer.kind === 'postback' ? confirmer.userId : null),
    },
  ]);
  if (!recorded) throw new Error('A confirmation was not answered.');
  return { row, recorded };
}
