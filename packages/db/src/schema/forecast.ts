import { sql } from 'drizzle-orm';
import { bigint, check, date, index, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns';

/** One imp of a sampled bid request: its sizes (`300x250`), its floor per impression (micro-units of `c`). */
export interface SampledImp {
  /** Sizes as `WxH`. */
  s: string[];
  /** Floor per impression in micro-units of `c` (0: none). */
  f: number;
  /** The floor's currency. */
  c: string;
}

/**
 * A bounded sample of the bid requests the bidders received, kept for the campaign forecast
 * (decision 0019): 1 in N parsed, valid, non-test requests, only the facts targeting reads, written
 * in batches off the bid's path. Capped at `FORECAST_SAMPLE_MAX_ROWS` rows: every batch deletes
 * the oldest beyond it (by `id`). `user_hash` is a hash of the user id the bidder may use (null
 * when personal data may not be used), so reach can be counted without keeping the id.
 */
export const bidRequestSamples = pgTable(
  'bid_request_samples',
  {
    id: id(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    /** 1 first price, 2 second price. */
    auctionType: smallint('auction_type').notNull(),
    imps: jsonb('imps').$type<SampledImp[]>().notNull(),
    currencies: text('currencies').array().notNull(),
    country: text('country'),
    deviceType: text('device_type'),
    os: text('os'),
    domain: text('domain'),
    categories: text('categories').array().notNull(),
    blockedCategories: text('blocked_categories').array().notNull(),
    blockedAdvertiserDomains: text('blocked_advertiser_domains').array().notNull(),
    userHash: text('user_hash'),
  },
  (t) => [
    index('bid_request_samples_seen_at_idx').on(t.seenAt),
    check('bid_request_samples_auction_type_check', sql`${t.auctionType} in (1, 2)`),
  ],
);

/**
 * Per UTC day, the bid requests the bidders counted (the same kind the sample draws from) and how
 * many of them were sampled: the forecast scales the sample to daily volume with their ratio.
 */
export const bidRequestSampleDays = pgTable('bid_request_sample_days', {
  day: date('day').primaryKey(),
  requests: bigint('requests', { mode: 'number' }).notNull().default(0),
  sampled: bigint('sampled', { mode: 'number' }).notNull().default(0),
});
