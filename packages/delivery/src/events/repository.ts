import { anyOf, conversionOrders, type Database, deliveryEvents, insertRows, selectRows } from '@rtb/db';
import type { DeliveryEventKind } from '@rtb/shared';
import { and, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PartitionRange } from './event-partitions';

export type DeliveryEventRow = typeof deliveryEvents.$inferInsert;

/**
 * Inserts the events whose key is new (a key seen before, by this or a concurrent transaction,
 * is skipped; a concurrent one is waited for) and returns the keys inserted. Any unique index
 * counts: a valid click of a bid that has one is skipped too. Rows go in the order given: callers
 * sort them, so two batches never wait for each other in a cycle.
 */
export async function insertNewEvents(db: Database, rows: DeliveryEventRow[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const inserted = await selectRows<{ event_key: string }>(
    db,
    sql`${insertRows(deliveryEvents, rows)} on conflict do nothing returning event_key`,
  );
  return new Set(inserted.map((row) => row.event_key));
}

/** An event of a bid already recorded: its kind and whether it was invalid. */
export interface BidEvent {
  bidId: string;
  kind: DeliveryEventKind;
  invalidReason: string | null;
}

/**
 * The events of these kinds of these bids (recorded before, or earlier in this transaction), each
 * bid's looked for in the partition range of its bid time only (`delivery_events_bid_idx`).
 */
export async function bidEventsOf(
  db: Database,
  bids: { bidId: string; range: PartitionRange }[],
  kinds: readonly DeliveryEventKind[],
): Promise<BidEvent[]> {
  if (!bids.length) return [];
  const byRange = new Map<string, { range: PartitionRange; bidIds: Set<string> }>();
  for (const { bidId, range } of bids) {
    const key = `${range.from?.toISOString()}/${range.to.toISOString()}`;
    const group = byRange.get(key) ?? { range, bidIds: new Set() };
    group.bidIds.add(bidId);
    byRange.set(key, group);
  }
  const rows = await db
    .selectDistinct({
      bidId: deliveryEvents.bidId,
      kind: deliveryEvents.kind,
      invalidReason: deliveryEvents.invalidReason,
    })
    .from(deliveryEvents)
    .where(
      and(
        or(
          ...[...byRange.values()].map(({ range, bidIds }) =>
            and(
              range.from ? gte(deliveryEvents.partitionAt, range.from) : undefined,
              lt(deliveryEvents.partitionAt, range.to),
              anyOf(deliveryEvents.bidId, [...bidIds]),
            ),
          ),
        ),
        inArray(deliveryEvents.kind, [...kinds]),
      ),
    );
  return rows as BidEvent[];
}

/** What a conversion claims its order with: the order's key and what the debugger shows of it. */
export type OrderClaim = Pick<
  typeof conversionOrders.$inferInsert,
  'advertiserId' | 'orderId' | 'source' | 'occurredAt' | 'userId' | 'valueMinor'
>;

export const orderClaimOf = (row: DeliveryEventRow): OrderClaim => ({
  advertiserId: row.advertiserId,
  orderId: row.orderId as string,
  source: row.source,
  occurredAt: row.occurredAt,
  userId: row.userId ?? null,
  valueMinor: row.valueMinor ?? null,
});

/**
 * Claims conversions' order ids (in the order given: callers sort them), each once per
 * advertiser ever, and returns the `<advertiser>:<order id>` claimed now; an order claimed before,
 * on any day, or by a concurrent transaction (waited for) is not.
 */
export async function claimOrders(db: Database, orders: OrderClaim[]): Promise<Set<string>> {
  if (!orders.length) return new Set();
  const claimed = await db
    .insert(conversionOrders)
    .values(orders)
    .onConflictDoNothing()
    .returning({ advertiserId: conversionOrders.advertiserId, orderId: conversionOrders.orderId });
  return new Set(claimed.map((row) => `${row.advertiserId}:${row.orderId}`));
}

export interface Touch {
  bidId: string | null;
  campaignId: number | null;
  bannerId: number | null;
  country: string | null;
  deviceType: string | null;
  domain: string | null;
  productKeys: number[] | null;
  occurredAt: Date;
}

/** How far a touch's bid may be before `since` (or after `until`, clocks apart) to be looked at. */
const TOUCH_BID_MARGIN_MS = 86_400_000;

/**
 * The user's latest valid clicks, or views (`kinds`), of the advertiser in (`since`, `until`],
 * newest first, at most `limit`: the `delivery_events_touch_idx` index of each partition answers
 * it. Only the partitions of bids made from a day before `since` to a day after `until` are read
 * (a touch comes after its bid; one whose bid is more than a day older than the longest window
 * is not credited).
 */
export function recentTouches(
  db: Database,
  touch: {
    advertiserId: number;
    userId: string;
    kinds: readonly ('click' | 'impression' | 'render')[];
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
      productKeys: deliveryEvents.productKeys,
      occurredAt: deliveryEvents.occurredAt,
    })
    .from(deliveryEvents)
    .where(
      and(
        eq(deliveryEvents.advertiserId, touch.advertiserId),
        eq(deliveryEvents.userId, touch.userId),
        inArray(deliveryEvents.kind, [...touch.kinds]),
        isNull(deliveryEvents.invalidReason),
        gt(deliveryEvents.occurredAt, touch.since),
        lte(deliveryEvents.occurredAt, touch.until),
        gt(deliveryEvents.partitionAt, new Date(touch.since.getTime() - TOUCH_BID_MARGIN_MS)),
        lte(deliveryEvents.partitionAt, new Date(touch.until.getTime() + TOUCH_BID_MARGIN_MS)),
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
