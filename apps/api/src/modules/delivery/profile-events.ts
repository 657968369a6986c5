import { type Database, tagEvents } from '@rtb/db';
import type { TagEventType } from '@rtb/shared';
import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';

/*
 * The tag events the bidder rebuilds its visitors' profiles from at start. The tags module owns
 * `tag_events`; its service is being written on another branch, so this one read lives here until
 * the lead moves it there at merge.
 */

export interface ProfileEventRow {
  advertiserId: number;
  seq: number;
  userId: string;
  type: TagEventType;
  at: number;
  productIds: string[];
}

/** Where a batch ended: the next one starts after it. */
export interface ProfileEventsCursor {
  advertiserId: number;
  seq: number;
}

/**
 * One batch of the events that make profiles: since `since`, with our user id, not a bot's, in
 * the order of `tag_events_advertiser_seq_idx` after `after` (keyset: each batch is an index range
 * scan however far the rebuild has come, and memory holds one batch).
 */
export async function tagEventsForProfiles(
  db: Database,
  options: { since: Date; after: ProfileEventsCursor | null; limit: number },
): Promise<ProfileEventRow[]> {
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
