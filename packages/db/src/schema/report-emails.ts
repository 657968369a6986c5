import { date, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { advertiserUsers } from './accounts';
import { ref } from './columns';
import { queuedEmails } from './emails';

/**
 * Advertiser users who asked for the weekly report e-mail: a row means on. Nobody has one until
 * they switch it on themselves (see `report-emails/set-report-email-settings.ts`).
 */
export const weeklyReportSubscriptions = pgTable('weekly_report_subscriptions', {
  advertiserUserId: ref('advertiser_user_id')
    .primaryKey()
    .references(() => advertiserUsers.id, { onDelete: 'cascade' }),
  /** A week whose mail fell due before this gets none (no summary of a week right after opting in). */
  subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The weekly report of one advertiser user for one week (Monday of the advertiser's days), done:
 * the mail queued, or none when the advertiser had no delivery in that week and the one before.
 * The key makes it once per user and week whatever the number of processes and restarts.
 */
export const weeklyReportSends = pgTable(
  'weekly_report_sends',
  {
    advertiserUserId: ref('advertiser_user_id')
      .notNull()
      .references(() => advertiserUsers.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** Null when skipped (no delivery) or when the mail was deleted. */
    queuedEmailId: ref('queued_email_id').references(() => queuedEmails.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.advertiserUserId, t.weekStart] })],
);
