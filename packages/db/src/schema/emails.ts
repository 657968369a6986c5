import { queuedEmailStatuses } from '@rtb/shared';
import { customType, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { id, ref, timestamps } from './columns';

/** Mail texts per key and locale; `{{name}}` placeholders are filled HTML-escaped. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: id(),
    key: text('key').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    ...timestamps(),
  },
  (t) => [unique().on(t.key, t.locale)],
);

/** The outbox: every mail is kept here; the worker sends pending ones when SMTP is set. */
export const queuedEmails = pgTable(
  'queued_emails',
  {
    id: id(),
    accountId: ref('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    templateKey: text('template_key').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: queuedEmailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('queued_emails_due_idx').on(t.status, t.nextAttemptAt)],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres gives a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});

/** Files sent with a queued mail (an invoice PDF), kept with it. */
export const queuedEmailAttachments = pgTable(
  'queued_email_attachments',
  {
    id: id(),
    queuedEmailId: ref('queued_email_id')
      .notNull()
      .references(() => queuedEmails.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('queued_email_attachments_email_idx').on(t.queuedEmailId)],
);
