import { type TagDebugEvent, toApiDateTime } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { newestTagEvents, type StoredTagEvent } from './repository';

/** A stored event as the live debugger shows it; its id is the one the browser gave it. */
export function toDebugEvent(row: StoredTagEvent): TagDebugEvent {
  return {
    id: row.eventKey.slice(row.eventKey.lastIndexOf(':') + 1),
    type: row.type,
    receivedAt: toApiDateTime(row.receivedAt),
    pageUrl: row.pageUrl,
    productIds: row.productIds,
    quantity: row.quantity,
    orderId: row.orderId,
    value: row.value,
    currency: row.currency,
    bot: row.bot,
    hints: row.hints,
  };
}

/** The advertiser's newest events, newest first (`GET /api/advertiser/tag/events`). */
export async function listTagEvents(
  deps: AppDeps,
  advertiserId: number,
  limit: number,
): Promise<TagDebugEvent[]> {
  return (await newestTagEvents(deps.db, advertiserId, limit)).map(toDebugEvent);
}
