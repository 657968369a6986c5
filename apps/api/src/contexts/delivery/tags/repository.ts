import { type Database, selectRows, tagEvents, tags } from '@rtb/db';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  max,
  sql,
} from 'drizzle-orm';
import type { ProfileEventRow, ProfileEventsCursor } from './profile-event';

export type TagEventRow = typeof tagEvents.$inferInsert;
export type StoredTagEvent = typeof tagEvents.$inferSelect;

/** The advertiser's tag key; null before the tag is first needed. */
export async function tagKeyOf(db: Database, advertiserId: number): Promise<string | null> {
  const [row] = await db
    .select({ tagKey: tags.tagKey })
    .from(tags)
    .where(eq(tags.advertiserId, advertiserId));
  return row?.tagKey ?? null;
}

/** Makes the advertiser's tag unless one exists (a concurrent maker wins; its key is kept). */
export async function insertTag(db: Database, advertiserId: number, tagKey: string): Promise<void> {
  await db.insert(tags).values({ advertiserId, tagKey }).onConflictDoNothing({ target: tags.advertiserId });
}

export async function advertiserOfTagKey(db: Database, tagKey: string): Promise<number | null> {
  const [row] = await db
    .select({ advertiserId: tags.advertiserId })
    .from(tags)
    .where(eq(tags.tagKey, tagKey));
  return row?.advertiserId ?? null;
}

/** The columns an event's insert sets: all but `seq` (the table numbers the rows), by property and by name. */
const INSERTED = Object.entries(getTableColumns(tagEvents)).filter(([key]) => key !== 'seq');
const insertedNames = sql.join(
  INSERTED.map(([, column]) => sql.identifier(column.name)),
  sql`, `,
);

/**
 * Inserts the events whose key is new and returns the keys inserted. A key inserted by a
 * concurrent transaction is waited for, then skipped. Rows go in the order they arrived (the
 * debugger shows them so); two batches that share keys in another order can deadlock, and the
 * commit queue retries the one PostgreSQL aborts. The rows go as one jsonb parameter read into
 * the table's own row type: a multi-row VALUES cost about 130 µs a row to build (16 parameters
 * each), more than the database took to insert it. Every column is given (null, not its default).
 */
export async function insertNewTagEvents(db: Database, rows: TagEventRow[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        INSERTED.map(([key, column]) => [column.name, row[key as keyof TagEventRow] ?? null]),
      ),
    ),
  );
  const inserted = await selectRows<{ event_key: string }>(
    db,
    sql`
    insert into ${tagEvents} (${insertedNames})
    select ${insertedNames} from jsonb_populate_recordset(null::${tagEvents}, ${json}::jsonb) with ordinality as r
    order by r.ordinality
    on conflict do nothing
    returning event_key`,
  );
  return new Set(inserted.map((row) => row.event_key));
}

/** Which of these order ids the advertiser's tag sent in an earlier transaction. */
export async function knownOrderIds(
  db: Database,
  advertiserId: number,
  orderIds: string[],
): Promise<Set<string>> {
  if (!orderIds.length) return new Set();
  const rows = await db
    .selectDistinct({ orderId: tagEvents.orderId })
    .from(tagEvents)
    .where(
      and(
        eq(tagEvents.advertiserId, advertiserId),
        inArray(tagEvents.orderId, [...new Set(orderIds)]),
        eq(tagEvents.type, 'trackTransaction'),
      ),
    );
  return new Set(rows.map((row) => row.orderId as string));
}

/** Our user id of the tag's visitor at the shop: that of its latest event with one (`tag_events_visitor_idx`). */
export async function userIdOfVisitor(
  db: Database,
  advertiserId: number,
  visitorId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ userId: tagEvents.userId })
    .from(tagEvents)
    .where(
      and(
        eq(tagEvents.advertiserId, advertiserId),
        eq(tagEvents.visitorId, visitorId),
        isNotNull(tagEvents.userId),
      ),
    )
    .orderBy(desc(tagEvents.receivedAt))
    .limit(1);
  return row?.userId ?? null;
}

/** The advertiser's newest events, newest first (`tag_events_advertiser_seq_idx`). */
export function newestTagEvents(
  db: Database,
  advertiserId: number,
  limit: number,
): Promise<StoredTagEvent[]> {
  return db
    .select()
    .from(tagEvents)
    .where(eq(tagEvents.advertiserId, advertiserId))
    .orderBy(desc(tagEvents.seq))
    .limit(limit);
}

/** The advertiser's events inserted after `seq`, oldest first. */
export function tagEventsAfter(
  db: Database,
  advertiserId: number,
  seq: number,
  limit: number,
): Promise<StoredTagEvent[]> {
  return db
    .select()
    .from(tagEvents)
    .where(and(eq(tagEvents.advertiserId, advertiserId), gt(tagEvents.seq, seq)))
    .orderBy(tagEvents.seq)
    .limit(limit);
}

/** The position of the advertiser's newest event (0 when none). */
export async function lastTagEventSeq(db: Database, advertiserId: number): Promise<number> {
  const [row] = await db
    .select({ seq: max(tagEvents.seq) })
    .from(tagEvents)
    .where(eq(tagEvents.advertiserId, advertiserId));
  return Number(row?.seq ?? 0);
}

/** The advertiser's latest event time (bots included) and how many events people sent since `since`. */
export async function tagEventStats(
  db: Database,
  advertiserId: number,
  since: Date,
): Promise<{ lastEventAt: Date | null; eventsSince: number; unknownProductEvents: number }> {
  const [last] = await db
    .select({ at: tagEvents.receivedAt })
    .from(tagEvents)
    .where(eq(tagEvents.advertiserId, advertiserId))
    .orderBy(desc(tagEvents.receivedAt))
    .limit(1);
  const [recent] = await db
    .select({
      n: count(),
      unknownProducts: sql<number>`count(*) filter (where 'product_not_in_feed' = any(${tagEvents.hints}))::int`,
    })
    .from(tagEvents)
    .where(
      and(
        eq(tagEvents.advertiserId, advertiserId),
        gte(tagEvents.receivedAt, since),
        sql`not ${tagEvents.bot}`,
      ),
    );
  return {
    lastEventAt: last?.at ?? null,
    eventsSince: recent?.n ?? 0,
    unknownProductEvents: recent?.unknownProducts ?? 0,
  };
}

/**
 * One batch of the events that make profiles: since `since`, with our user id, not a bot's, in
 * the order of `tag_events_advertiser_seq_idx` after `after` (keyset: each batch is an index range
 * scan however far the rebuild has come, and memory holds one batch).
 */
export async function profileEventRows(
  db: Database,
  options: { since: Date; after: ProfileEventsCursor | null; limit: number },
): Promise<Omit<ProfileEventRow, 'productTypes' | 'bot'>[]> {
  const { after } = options;
  const rows = await db
    .select({
      advertiserId: tagEvents.advertiserId,
      seq: tagEvents.seq,
      userId: tagEvents.userId,
      type: tagEvents.type,
      receivedAt: tagEvents.receivedAt,
      productIds: tagEvents.productIds,
    })
    .from(tagEvents)
    .where(
      and(
        after
          ? sql`(${tagEvents.advertiserId}, ${tagEvents.seq}) > (${after.advertiserId}, ${after.seq})`
          : undefined,
        gte(tagEvents.receivedAt, options.since),
        isNotNull(tagEvents.userId),
        eq(tagEvents.bot, false),
      ),
    )
    .orderBy(asc(tagEvents.advertiserId), asc(tagEvents.seq))
    .limit(options.limit);
  return rows.map(({ receivedAt, userId, ...row }) => ({
    ...row,
    userId: userId as string,
    at: receivedAt.getTime(),
  }));
}

/** The advertiser's non-bot events since `since` that name a product, by type, and the latest (the GIN index on product ids). */
export async function productEventCounts(
  db: Database,
  advertiserId: number,
  productId: string,
  since: Date,
): Promise<{ views: number; addsToCart: number; purchases: number; lastEventAt: Date | null }> {
  const [row] = await db
    .select({
      views: sql<number>`count(*) filter (where ${tagEvents.type} = 'viewItem')::int`,
      addsToCart: sql<number>`count(*) filter (where ${tagEvents.type} = 'addToCart')::int`,
      purchases: sql<number>`count(*) filter (where ${tagEvents.type} = 'trackTransaction')::int`,
      lastEventAt: max(tagEvents.receivedAt),
    })
    .from(tagEvents)
    .where(
      and(
        eq(tagEvents.advertiserId, advertiserId),
        sql`${tagEvents.productIds} @> array[${productId}]::text[]`,
        gte(tagEvents.receivedAt, since),
        sql`not ${tagEvents.bot}`,
      ),
    );
  return {
    views: row?.views ?? 0,
    addsToCart: row?.addsToCart ?? 0,
    purchases: row?.purchases ?? 0,
    lastEventAt: row?.lastEventAt ?? null,
  };
}
