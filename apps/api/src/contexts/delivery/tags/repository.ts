import { type Database, selectRows, tagEvents, tags } from '@rtb/db';
import { and, count, desc, eq, gt, gte, max, sql } from 'drizzle-orm';

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

/** What an advertiser's tag has sent: its latest event (a person's, too) and the events since a time. */
export interface TagEventStats {
  lastEventAt: Date | null;
  lastCountedEventAt: Date | null;
  /** People's events since the time (bots' are left out). */
  eventsSince: number;
  /** Of those, the ones naming a product the feed does not have. */
  unknownProductEvents: number;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Each advertiser's tag events: the latest (a person's, too; each the last entry of
 * `tag_events_advertiser_time_idx`) and the people's events since `since`, in one query however
 * many advertisers.
 */
export async function tagEventStats(
  db: Database,
  advertiserIds: readonly number[],
  since: Date,
): Promise<Map<number, TagEventStats>> {
  if (!advertiserIds.length) return new Map();
  const latest = (peopleOnly: boolean) => sql`(
    select max(${tagEvents.receivedAt}) from ${tagEvents}
    where ${tagEvents.advertiserId} = a.id ${peopleOnly ? sql`and not ${tagEvents.bot}` : sql``})`;
  const rows = await selectRows<{
    id: number | string;
    last_event_at: Date | string | null;
    last_counted_event_at: Date | string | null;
    n: number | string;
    unknown_products: number | string;
  }>(
    db,
    sql`
    select a.id, ${latest(false)} as last_event_at, ${latest(true)} as last_counted_event_at,
      recent.n, recent.unknown_products
    from unnest(${`{${advertiserIds.join(',')}}`}::bigint[]) as a(id)
    cross join lateral (
      select count(*)::int as n,
        count(*) filter (where 'product_not_in_feed' = any(${tagEvents.hints}))::int as unknown_products
      from ${tagEvents}
      where ${tagEvents.advertiserId} = a.id and ${tagEvents.receivedAt} >= ${since.toISOString()}::timestamptz and not ${tagEvents.bot}
    ) recent`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        lastEventAt: dateOrNull(row.last_event_at),
        lastCountedEventAt: dateOrNull(row.last_counted_event_at),
        eventsSince: Number(row.n),
        unknownProductEvents: Number(row.unknown_products),
      },
    ]),
  );
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

/** How many events of each type people (not bots) sent since `since`; a type without any is absent. */
export async function tagEventCountsByType(
  db: Database,
  advertiserId: number,
  since: Date,
): Promise<Partial<Record<StoredTagEvent['type'], number>>> {
  const rows = await db
    .select({ type: tagEvents.type, n: count() })
    .from(tagEvents)
    .where(
      and(
        eq(tagEvents.advertiserId, advertiserId),
        gte(tagEvents.receivedAt, since),
        sql`not ${tagEvents.bot}`,
      ),
    )
    .groupBy(tagEvents.type);
  return Object.fromEntries(rows.map((row) => [row.type, row.n]));
}
