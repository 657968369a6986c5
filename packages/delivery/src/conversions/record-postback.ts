import type { ConversionSource } from '@rtb/shared';
import type { DeliveryDeps } from '../deps';
import { recordDeliveryEvents } from '../events/record-events';
import { confirmHeld } from './confirm-held';
import { findConversion } from './conversion-repository';
import { conversionSourceOf } from './conversion-source';

/** A postback whose signature, advertiser, currency and value the bidder checked. */
export interface VerifiedPostback {
  advertiserId: number;
  orderId: string;
  valueMinor: number | null;
  /** Our user id: given, or found from the tag's visitor id. */
  userId: string | null;
  occurredAt: Date;
}

export type PostbackOutcome =
  | { status: 'recorded' | 'confirmed'; attributed: boolean }
  /** The order counted before (from `source`): a replay, or the browser's conversion of it. */
  | { status: 'duplicate'; source: ConversionSource | null };

/**
 * Records a postback in the caller's transaction: a new order is a conversion counted in full
 * (no browser bounds) and attributed like the others; an order the browser sent first and that
 * was held (or sent by a bot) is confirmed with the postback's value; any other order that
 * counted before is a duplicate, and nothing changes.
 */
export async function recordPostback(
  deps: DeliveryDeps,
  postback: VerifiedPostback,
): Promise<PostbackOutcome> {
  const { advertiserId, orderId, valueMinor, userId } = postback;
  const [recorded] = await recordDeliveryEvents(deps, [
    {
      kind: 'conversion',
      source: 'postback',
      occurredAt: postback.occurredAt,
      advertiserId,
      orderId,
      valueMinor,
      userId,
    },
  ]);
  if (recorded?.recorded) return { status: 'recorded', attributed: recorded.attribution !== null };
  const confirmed = await confirmHeld(
    deps,
    advertiserId,
    { orderId },
    { kind: 'postback', valueMinor, userId },
  );
  if (confirmed) return { status: 'confirmed', attributed: confirmed.recorded.attribution !== null };
  const counted = await findConversion(deps.db, advertiserId, { orderId });
  return { status: 'duplicate', source: conversionSourceOf(counted?.source ?? null) };
}
