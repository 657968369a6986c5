import { type Database, selectRows, tagEvents, tags } from '@rtb/db';
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ProfileEventRow, ProfileEventsCursor } from './profile-event';

export type TagEventRow = typeof tagEvents.$inferInsert;

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
