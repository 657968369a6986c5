import {
  conversionAttributions,
  conversionConfirmers,
  conversionHoldReasons,
  conversionStatuses,
  deliveryEventKinds,
  invalidTrafficReasons,
} from '@rtb/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ref, timestamps } from './columns';
import { advertisers } from './organisations';

/**
 * What the trackers saw (DESIGN.md section 6), append-only. `event_key` makes every event count
 * once however often it is sent: `win:<bid>`, `impression:<bid>` (the billing notice or the pixel,
 * whichever comes first), `loss:<bid>`, `click:<random>` (a repeated click is its own row, marked
 * invalid), `conversion:<advertiser>:<order id>`. Amounts are micro-units of the advertiser's
 * currency.
 *
 * Partitioned by UTC day of `partition_at` (migration 0016, hand SQL: drizzle-kit cannot express
 * PARTITION BY; docs/operations.md, 'Raw events and their retention'), so that old days drop as
 * whole tables. A unique index of a partitioned table holds within one partition only, so the
 * partition key is chosen for the keys to stay unique across days:
 * - a bid's events (win, impression, loss, click) take the bid's time, signed in its token
 *   (`BidToken.ts`): every notice of one bid, retried however late, lands in the same partition,
 *   where `(event_key, partition_at)` and the valid-click index `(bid_id, partition_at)` find it;
 * - a conversion takes when it happened, and its dedupe is `conversion_orders` (not partitioned,
 *   kept for good): an order id replayed on a later day is refused there before it gets here.
 * Rows from before the partitioning are in one partition `delivery_events_before_<YYYYMMDD>` with
 * unique indexes of its own on `event_key` and valid clicks' `bid_id` (their bid time was not known:
 * see the migration).
 */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    eventKey: text('event_key').notNull(),
    kind: text('kind', { enum: deliveryEventKinds }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** Our bid's id (of the impression a click or conversion is attributed to). */
    bidId: text('bid_id'),
    advertiserId: ref('advertiser_id').notNull(),
    campaignId: ref('campaign_id'),
    bannerId: ref('banner_id'),
    userId: text('user_id'),
    country: text('country'),
    deviceType: text('device_type'),
    domain: text('domain'),
    /**
     * A dynamic banner's products (`products.id`): an impression's the products it showed, in
     * their order; a click's the one product clicked; a conversion's those of its touch. Null
     * for any other banner.
     */
    productKeys: bigint('product_keys', { mode: 'number' }).array(),
    /** What the exchange charged (net), converted to the advertiser's currency. */
    clearingMicros: bigint('clearing_micros', { mode: 'number' }),
    /** What the advertiser is charged (gross) = media + margin + commission. */
    costMicros: bigint('cost_micros', { mode: 'number' }).notNull().default(0),
    marginMicros: bigint('margin_micros', { mode: 'number' }).notNull().default(0),
    commissionMicros: bigint('commission_micros', { mode: 'number' }).notNull().default(0),
    orderId: text('order_id'),
    /** A conversion's value in minor units of the advertiser's currency. */
    valueMinor: bigint('value_minor', { mode: 'number' }),
    /** A conversion: whether its last touch was a click (else an impression). */
    attribution: text('attribution', { enum: conversionAttributions }),
    invalidReason: text('invalid_reason', { enum: invalidTrafficReasons }),
    /** A loss notice's reason as the exchange sent it (`${AUCTION_LOSS}`: OpenRTB loss reason codes). */
    lossReason: integer('loss_reason'),
    /**
     * An impression's: what the bidder knew of it when it bid and what its models predicted
     * (`ImpressionBidContext` in packages/delivery), the click and conversion models' examples.
     * Null for other kinds, and for impressions of bids made before it was recorded.
     */
    bidContext: jsonb('bid_context'),
    /** A loss notice's minimum bid that would have won (`${AUCTION_MIN_TO_WIN}`), micro-units of the bid's currency. */
    minToWinMicros: bigint('min_to_win_micros', { mode: 'number' }),
    /**
     * A shaded first-price impression's bid before shading, as media in the advertiser's currency:
     * beside `clearing_micros` (what was paid, the shaded bid), the saving.
     */
    unshadedMicros: bigint('unshaded_micros', { mode: 'number' }),
    /**
     * Which notice or request recorded it: nurl, burl, lurl, pixel, click, conversion (the
     * conversion pixel), tag (a transaction the shop's tag sent), postback (the shop's server).
     */
    source: text('source').notNull(),
    /**
     * The partition key: the bid's time for a bid's events (`BidToken.ts`), when it happened for
     * a conversion.
     */
    partitionAt: timestamp('partition_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventKey, t.partitionAt] }),
    check(
      'delivery_events_amounts',
      sql`${t.costMicros} >= 0 and ${t.marginMicros} >= 0 and ${t.commissionMicros} >= 0`,
    ),
    index('delivery_events_bid_idx').on(t.bidId, t.kind),
    // Attribution: a user's latest clicks and views (billed impressions, renders) of one advertiser.
    index('delivery_events_touch_idx')
      .on(t.advertiserId, t.userId, t.occurredAt.desc())
      .where(
        sql`${t.kind} in ('click', 'impression', 'render') and ${t.invalidReason} is null and ${t.userId} is not null`,
      ),
    // One valid click per impression: a second one is recorded as repeated.
    // (All clicks of one bid share its partition key.)
    uniqueIndex('delivery_events_valid_click_idx')
      .on(t.bidId, t.partitionAt)
      .where(sql`${t.kind} = 'click' and ${t.invalidReason} is null`),
    index('delivery_events_advertiser_time_idx').on(t.advertiserId, t.occurredAt),
    // The models' examples, paged by time (`clickExamples`, `conversionExamples` in packages/delivery).
    index('delivery_events_examples_idx')
      .on(t.occurredAt, t.eventKey)
      .where(
        sql`((${t.kind} = 'impression' and ${t.bidContext} is not null) or ${t.kind} = 'click') and ${t.invalidReason} is null`,
      ),
  ],
);

/**
 * The durable log of tracked events (docs/operations.md, 'Events: acknowledged, then folded'): a
 * tracker answers a notice once its event is appended here, under its event key (a retry of a
 * notice still waiting here is a duplicate at once), and a folder claims the oldest rows in large
 * batches, records them (`delivery_events`, rollups, the ledger) and deletes them in the same
 * transaction. `origin` is the appending process: each folds its own rows first (the budget
 * counters it holds follow them), and anyone's once they are older than a grace period (their
 * process died). `entry` is the event as the tracker made it, with what its budget effect needs.
 * A row whose fold fails alone three times is parked, so one bad row never stops the others.
 */
export const deliveryEventLog = pgTable(
  'delivery_event_log',
  {
    eventKey: text('event_key').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    origin: text('origin').notNull(),
    appendedAt: timestamp('appended_at', { withTimezone: true }).notNull().defaultNow(),
    entry: jsonb('entry').notNull(),
    /** Folds of this row alone that failed: at 3 it is parked (never claimed; `rtb_event_log_parked`). */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    index('delivery_event_log_origin_seq_idx').on(t.origin, t.seq),
    index('delivery_event_log_seq_idx').on(t.seq),
  ],
);

/**
 * What a fold of the event log settled under each budget counter of one advertiser, kept from the
 * fold's commit until the budget store has it (docs/operations.md, 'Spend reaches the bidders as
 * counter deltas'): a bidder's reload leaves out of its limits what a fold committed and the store
 * had not counted when observed, and another process applies a dead folder's rows after the grace.
 * `deltas`: `[{ key, micros, ttlMs? }]`.
 */
export const deliveryFoldEffects = pgTable(
  'delivery_fold_effects',
  {
    foldId: uuid('fold_id').notNull(),
    advertiserId: integer('advertiser_id').notNull(),
    deltas: jsonb('deltas').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the budget store took them: the row stays a little longer (`FOLD_EFFECTS_KEPT_MS`), so
     * that a reload that observed the counters before can tell the fold is in them now.
     */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.foldId, t.advertiserId] }),
    index('delivery_fold_effects_advertiser_idx').on(t.advertiserId),
    index('delivery_fold_effects_created_idx').on(t.createdAt),
    // The purge of applied rows, after every fold: without it, a scan of the whole table.
    index('delivery_fold_effects_applied_idx').on(t.appliedAt).where(sql`${t.appliedAt} is not null`),
  ],
);

/**
 * The conversions' dedupe and what the checks made of each: one row per advertiser and order id,
 * ever (an order counts once however many days later it is sent again), claimed by the first
 * conversion of the order from any source. Small and never partitioned or dropped: its rows
 * outlive the raw events' retention. The rest (issue 25; rows from before it have only the key)
 * is the Tags tab's view of the conversion: where it came from, its status (`counted`, `held` as
 * an anomaly with its reasons, `confirmed` after being held, `bot`), its ad touch, and who
 * confirmed it. `delivery_events` is append-only: a confirmation is an event of its own there
 * (`confirmed:<advertiser>:<order id>`), this row only says it happened.
 */
export const conversionOrders = pgTable(
  'conversion_orders',
  {
    advertiserId: ref('advertiser_id').notNull(),
    orderId: text('order_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The delivery source that claimed it: `conversion` (the pixel), `tag`, `postback`. */
    source: text('source'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    userId: text('user_id'),
    /** As sent, in minor units of the advertiser's currency. */
    valueMinor: bigint('value_minor', { mode: 'number' }),
    status: text('status', { enum: conversionStatuses }).notNull().default('counted'),
    holdReasons: text('hold_reasons', { enum: conversionHoldReasons })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    attribution: text('attribution', { enum: conversionAttributions }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: text('confirmed_by', { enum: conversionConfirmers }),
    confirmedByAccountId: ref('confirmed_by_account_id'),
    /** What the confirmation counted: a postback's own value, else the held one. */
    confirmedValueMinor: bigint('confirmed_value_minor', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.advertiserId, t.orderId] }),
    uniqueIndex('conversion_orders_id_idx').on(t.id),
    // The debugger: an advertiser's newest conversions, and its held ones.
    index('conversion_orders_advertiser_idx').on(t.advertiserId, t.id),
    index('conversion_orders_held_idx').on(t.advertiserId, t.id).where(sql`${t.status} = 'held'`),
    // The browser's rate limit: a user's conversions of the last hour at one shop.
    index('conversion_orders_user_idx')
      .on(t.advertiserId, t.userId, t.occurredAt)
      .where(sql`${t.userId} is not null`),
  ],
);

/**
 * An advertiser's conversion settings (issue 25), made on first need: the maximum order value a
 * browser conversion may have before it is held (null: `DEFAULT_MAX_ORDER_VALUE_UNITS` of its
 * currency), and the secret its server signs postbacks with (HMAC-SHA256; kept as it is, since
 * checking a signature needs it; only its own users who may change integrations read it).
 */
export const conversionSettings = pgTable('conversion_settings', {
  advertiserId: ref('advertiser_id')
    .primaryKey()
    .references(() => advertisers.id, { onDelete: 'cascade' }),
  maxOrderValueMinor: bigint('max_order_value_minor', { mode: 'number' }),
  postbackSecret: text('postback_secret'),
  postbackSecretCreatedAt: timestamp('postback_secret_created_at', { withTimezone: true }),
  ...timestamps(),
});

/** The counters of the hourly rollups: valid and invalid traffic, conversions, money in micro-units. */
const rollupCounters = () => ({
  bids: bigint('bids', { mode: 'number' }).notNull().default(0),
  wins: bigint('wins', { mode: 'number' }).notNull().default(0),
  impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  invalidImpressions: bigint('invalid_impressions', { mode: 'number' }).notNull().default(0),
  invalidClicks: bigint('invalid_clicks', { mode: 'number' }).notNull().default(0),
  clickConversions: bigint('click_conversions', { mode: 'number' }).notNull().default(0),
  viewConversions: bigint('view_conversions', { mode: 'number' }).notNull().default(0),
  conversionValueMinor: bigint('conversion_value_minor', { mode: 'number' }).notNull().default(0),
  /** The conversions (post-click and post-view) by where they came from: they add up to both. */
  pixelConversions: bigint('pixel_conversions', { mode: 'number' }).notNull().default(0),
  tagConversions: bigint('tag_conversions', { mode: 'number' }).notNull().default(0),
  postbackConversions: bigint('postback_conversions', { mode: 'number' }).notNull().default(0),
  clearingMicros: bigint('clearing_micros', { mode: 'number' }).notNull().default(0),
  spendMicros: bigint('spend_micros', { mode: 'number' }).notNull().default(0),
  marginMicros: bigint('margin_micros', { mode: 'number' }).notNull().default(0),
  commissionMicros: bigint('commission_micros', { mode: 'number' }).notNull().default(0),
  /** What the models predicted of the impressions, in millionths: clicks (sum of pCTR) and conversions (of pCTR x pCVR). */
  predictedClicksMicro: bigint('predicted_clicks_micro', { mode: 'number' }).notNull().default(0),
  predictedConversionsMicro: bigint('predicted_conversions_micro', { mode: 'number' }).notNull().default(0),
  /** Shaded first-price impressions: what they cleared at and their unshaded bids, both media in micro-units. */
  shadedClearingMicros: bigint('shaded_clearing_micros', { mode: 'number' }).notNull().default(0),
  unshadedMicros: bigint('unshaded_micros', { mode: 'number' }).notNull().default(0),
});

/**
 * Hourly rollups of the events (DESIGN.md section 6, reports): one row per UTC hour, campaign,
 * creative, country, device type and domain ('' when unknown), updated in the transaction that
 * records the events, so they always equal them. Money in micro-units of the advertiser's currency.
 */
export const statsHourly = pgTable(
  'stats_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    advertiserId: ref('advertiser_id').notNull(),
    campaignId: ref('campaign_id').notNull(),
    bannerId: ref('banner_id').notNull(),
    country: text('country').notNull().default(''),
    deviceType: text('device_type').notNull().default(''),
    domain: text('domain').notNull().default(''),
    ...rollupCounters(),
  },
  (t) => [
    uniqueIndex('stats_hourly_key').on(t.hour, t.campaignId, t.bannerId, t.country, t.deviceType, t.domain),
    index('stats_hourly_advertiser_hour_idx').on(t.advertiserId, t.hour),
  ],
);

/**
 * The same rollups without the creative, country, device type and domain: one row per UTC hour
 * and campaign, written with `stats_hourly` in the same statement batch, so it always equals
 * its sums. Reports split only by time, advertiser or campaign (the agency's, every total) read
 * it: a campaign's hour is one row here, and often hundreds there.
 */
export const statsCampaignHourly = pgTable(
  'stats_campaign_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    advertiserId: ref('advertiser_id').notNull(),
    campaignId: ref('campaign_id').notNull(),
    ...rollupCounters(),
  },
  (t) => [
    uniqueIndex('stats_campaign_hourly_key').on(t.advertiserId, t.hour, t.campaignId),
    // The platform's reports by UTC day, over every advertiser.
    index('stats_campaign_hourly_hour_idx').on(t.hour),
  ],
);

/**
 * The campaigns' rollups per day of their advertiser's clock: `stats_campaign_hourly` summed by
 * the advertiser's day (`hour at time zone` its time zone now), written with it in the same
 * transaction and rebuilt from it when the advertiser's time zone changes, so it always equals
 * those sums. Reports over whole days of the advertiser's clock (by day, week or month, or not by
 * time) split only by advertiser or campaign read it: a campaign's day is one row here, 23 to 25
 * there.
 */
export const statsCampaignDaily = pgTable(
  'stats_campaign_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    advertiserId: ref('advertiser_id').notNull(),
    campaignId: ref('campaign_id').notNull(),
    ...rollupCounters(),
  },
  (t) => [uniqueIndex('stats_campaign_daily_key').on(t.advertiserId, t.day, t.campaignId)],
);

/**
 * Hourly rollups of dynamic banners' products (the report by product): one row per UTC hour,
 * campaign, creative and product (`products.id`), updated in the transaction that records the
 * events, so they always equal them. `impressions` counts the times the product was shown (an
 * impression of three products counts once for each), `clicks` the valid clicks on it, and the
 * conversions and their value those whose touch was a click on it (post-click only). Spend is
 * per impression, never split by product.
 */
export const statsProductHourly = pgTable(
  'stats_product_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    advertiserId: ref('advertiser_id').notNull(),
    campaignId: ref('campaign_id').notNull(),
    bannerId: ref('banner_id').notNull(),
    productKey: ref('product_key').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    clickConversions: bigint('click_conversions', { mode: 'number' }).notNull().default(0),
    conversionValueMinor: bigint('conversion_value_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('stats_product_hourly_key').on(t.hour, t.campaignId, t.bannerId, t.productKey),
    index('stats_product_hourly_advertiser_hour_idx').on(t.advertiserId, t.hour),
  ],
);
