import { type Database, deliveryEvents } from '@rtb/db';
import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';

export type DeliveryEventRow = typeof deliveryEvents.$inferInsert;

/**
 * Inserts the events whose key is new (a key seen before, by this or a concurrent transaction,
 * is skipped; a concurrent one is waited for) and returns the keys inserted. Any unique index
 * counts: a valid click of a bid that has one is skipped too. Rows go in the order given: callers
 * sort them, so two batches never wait for each other in a cycle.
 */
export async function insertNewEvents(db: Database, rows: DeliveryEventRow[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const inserted = await db
    .insert(deliveryEvents)
    .values(rows)
    .onConflictDoNothing()
    .returning({ eventKey: deliveryEvents.eventKey });
  return new Set(inserted.map((row) => row.eventKey));
}

/** Which of these bids have a valid impression (recorded before, or earlier in this transaction). */
export async function bidsWithValidImpression(db: Database, bidIds: string[]): Promise<Set<string>> {
  if (!bidIds.length) return new Set();
  const rows = await db
    .selectDistinct({ bidId: deliveryEvents.bidId })
    .from(deliveryEvents)
    .where(
      and(
        inArray(deliveryEvents.bidId, [...new Set(bidIds)]),
        eq(deliveryEvents.kind, 'impression'),
        isNull(deliveryEvents.invalidReason),
      ),
    );
  return new Set(rows.map((row) => row.bidId as string));
}

export interface Touch {
  bidId: string | null;
  campaignId: number | null;
  bannerId: number | null;
  country: string | null;
  deviceType: string | null;
  domain: string | null;
  occurredAt: Date;
}

/**
 * The user's latest valid clicks or impressions (`kind`) of the advertiser in (`since`, `until`],
 * newest first, at most `limit`: the `delivery_events_touch_idx` index answers it.
 */
export function recentTouches(
  db: Database,
  touch: {
    advertiserId: number;
    userId: string;
    kind: 'click' | 'impression';
    since: Date;
    until: Date;
    limit: number;
  },
): Promise<Touch[]> {
  return db
    .select({
      bidId: deliveryEvents.bidId,
      campaignId: deliveryEvents.campaignId,
      bannerId: deliveryEvents.bannerId,
      country: deliveryEvents.country,
      deviceType: deliveryEvents.deviceType,
      domain: deliveryEvents.domain,
      occurredAt: deliveryEvents.occurredAt,
    })
    .from(deliveryEvents)
    .where(
      and(
        eq(deliveryEvents.advertiserId, touch.advertiserId),
        eq(deliveryEvents.userId, touch.userId),
        eq(deliveryEvents.kind, touch.kind),
        isNull(deliveryEvents.invalidReason),
        gt(deliveryEvents.occurredAt, touch.since),
        lte(deliveryEvents.occurredAt, touch.until),
      ),
    )
    .orderBy(desc(deliveryEvents.occurredAt))
    .limit(touch.limit);
}

/** The channel of migration 0009's triggers: payload `<table>:<advertiser id>` (or `<table>:`). */
export const DELIVERY_CHANNEL = 'delivery_changed';

/** Sends a payload on the bidders' channel (at the commit of the caller's transaction, if any). */
export async function notifyDelivery(db: Database, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${DELIVERY_CHANNEL}, ${payload})`);
}
