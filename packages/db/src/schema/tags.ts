import { tagEventHints, tagEventTypes } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, ref } from './columns';
import { advertisers } from './organisations';

/**
 * The shop's tracking tag (issue 15): one per advertiser, made on first need. The key is public
 * (it is in the shop's pages) and only names the advertiser to the events endpoint.
 */
export const tags = pgTable('tags', {
  advertiserId: ref('advertiser_id')
    .primaryKey()
    .references(() => advertisers.id, { onDelete: 'cascade' }),
  tagKey: text('tag_key').notNull().unique(),
  createdAt: createdAt(),
});

/** One item of a basket or an order as the tag sent it (price: a decimal string, as sent). */
export interface TagEventItem {
  id: string;
  quantity: number;
  price: string | null;
}

/**
 * What the shop's tag sent, append-only. `event_key` is `tag:<advertiser>:<event id made in the
 * browser>`, so a resent event counts once. `seq` is the order of insertion: the live debugger
 * reads new rows by it. Nothing here is trusted beyond the endpoint's schema: it is what a
 * stranger's browser said.
 */
export const tagEvents = pgTable(
  'tag_events',
  {
    eventKey: text('event_key').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    advertiserId: ref('advertiser_id').notNull(),
    type: text('type', { enum: tagEventTypes }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** The tag's first-party id, kept on the shop's domain. */
    visitorId: text('visitor_id').notNull(),
    /** Our `rtb_uid` cookie: the user id the bidder and the cookie sync know. */
    userId: text('user_id'),
    pageUrl: text('page_url'),
    /** Every product the event names (the list, the item, the basket's or order's items). */
    productIds: text('product_ids').array().notNull().default(sql`'{}'::text[]`),
    /** An added quantity, or the sum of a basket's or order's items. */
    quantity: integer('quantity'),
    items: jsonb('items').$type<TagEventItem[]>(),
    orderId: text('order_id'),
    /** A transaction's value as sent (a decimal string) and, in the advertiser's currency, in minor units. */
    value: text('value'),
    valueMinor: bigint('value_minor', { mode: 'number' }),
    currency: text('currency'),
    /** Sent by a bot (user agent): kept, left out of audiences and counts. */
    bot: boolean('bot').notNull().default(false),
    hints: text('hints', { enum: tagEventHints }).array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    // The debugger: an advertiser's newest events, and those after a cursor.
    index('tag_events_advertiser_seq_idx').on(t.advertiserId, t.seq),
    // The integration status: events of the last days.
    index('tag_events_advertiser_time_idx').on(t.advertiserId, t.receivedAt),
    // Audiences: a user's events of one advertiser, and the events of products.
    index('tag_events_user_idx')
      .on(t.advertiserId, t.userId, t.receivedAt)
      .where(sql`${t.userId} is not null`),
    index('tag_events_products_idx').using('gin', t.productIds),
    // A postback's visitor (the tag's first-party id) to our user id: its latest event with one.
    index('tag_events_visitor_idx')
      .on(t.advertiserId, t.visitorId, t.receivedAt)
      .where(sql`${t.userId} is not null`),
    // Duplicate order ids.
    index('tag_events_order_idx').on(t.advertiserId, t.orderId).where(sql`${t.orderId} is not null`),
  ],
);
