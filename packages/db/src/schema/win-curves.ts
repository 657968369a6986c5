import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The win-rate curve of each first-price inventory segment (bid currency, domain, size), fitted by
 * the worker from the win and loss notices of its bids (packages/rtb's `LogLogisticWinCurve`;
 * `state` is its `WinCurveState`), which the bidders shade first-price bids with. Only segments
 * with enough outcomes to be trusted are kept.
 */
export const winCurves = pgTable(
  'win_curves',
  {
    /** `currency|domain|WxH` (`winCurveSegment`). */
    segment: text('segment').primaryKey(),
    state: jsonb('state').notNull(),
    observations: integer('observations').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('win_curves_observations', sql`${t.observations} >= 0`)],
);
