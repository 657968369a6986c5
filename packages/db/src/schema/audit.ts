import { notificationEvents } from '@rtb/shared';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns';
import { queuedEmails } from './emails';

/** Every outgoing HTTP call the platform makes (URL checks, payment providers, ...). */
export const logExternalApis = pgTable(
  'log_external_apis',
  {
    id: id(),
    service: text('service').notNull(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('log_external_apis_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('log_external_apis_service_idx').on(t.service, t.createdAt.desc(), t.id.desc()),
  ],
);

/** What happened to each queued e-mail, one row per event (queued, sent, failed attempt, resent). */
export const notificationLogs = pgTable(
  'notification_logs',
  {
    id: id(),
    queuedEmailId: ref('queued_email_id')
      .notNull()
      .references(() => queuedEmails.id, { onDelete: 'cascade' }),
    event: text('event', { enum: notificationEvents }).notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_logs_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('notification_logs_email_idx').on(t.queuedEmailId, t.id),
  ],
);
