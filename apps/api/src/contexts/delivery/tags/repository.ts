import { type Database, tagEvents, tags } from '@rtb/db';
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

/**
 * The advertiser's latest event time (bots included), its latest counted one (people's: bots'
 * events are kept but not counted) and how many events people sent since `since`.
 */
export async function tagEventStats(
  db: Database,
  advertiserId: number,
  since: Date,
): Promise<{
  lastEventAt: Date | null;
  lastCountedEventAt: Date | null;
  eventsSince: number;
  unknownProductEvents: number;
}> {
  const latest = async (peopleOnly: boolean) => {
    const [row] = await db
      .select({ at: tagEvents.receivedAt })
      .from(tagEvents)
      .where(
        and(eq(tagEvents.advertiserId, advertiserId), peopleOnly ? sql`not ${tagEvents.bot}` : undefined),
      )
      .orderBy(desc(tagEvents.receivedAt))
      .limit(1);
    return row?.at ?? null;
  };
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
    lastEventAt: await latest(false),
    lastCountedEventAt: await latest(true),
    eventsSince: recent?.n ?? 0,
    unknownProductEvents: recent?.unknownProducts ?? 0,
  };
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
