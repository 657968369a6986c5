import { date, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { ref } from './columns';
import { queuedEmails } from './emails';

/**
 * Agency and advertiser users who asked for the daily alert digest: a row means on. Nobody has one
 * until they switch it on themselves (see `alert-digests/set-alert-digest-settings.ts`).
 */
export const alertDigestSubscriptions = pgTable('alert_digest_subscriptions', {
  accountId: ref('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** A day whose digest fell due before this gets none (the first one comes the next morning). */
  subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The alert digest of one user for one day (of the user's time zone), done: the mail queued, or
 * none when nothing raised an alert that morning. The key makes it once per user and day whatever
 * the number of processes and restarts.
 */
export const alertDigestSends = pgTable(
  'alert_digest_sends',
  {
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Null when there was no alert (no mail), or when the mail was deleted. */
    queuedEmailId: ref('queued_email_id').references(() => queuedEmails.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
