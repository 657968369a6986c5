import { type Database, notificationLogs, queuedEmails } from '@rtb/db';
import type { NotificationLogsQuery, QueuedEmailsQuery } from '@rtb/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { limitOffset, orderOf, searchOf, withinDays } from '../../../core/list';
import type { QueuedEmail } from './repository';

const outboxSortColumns = { createdAt: queuedEmails.createdAt, status: queuedEmails.status } as const;

/** The outbox page: filters, search in the address and subject, sort, paging. */
export async function listOutbox(db: Database, query: QueuedEmailsQuery) {
  const where = and(
    searchOf(query.search, [queuedEmails.toAddress, queuedEmails.subject]),
    query.status ? eq(queuedEmails.status, query.status) : undefined,
    query.templateKey ? eq(queuedEmails.templateKey, query.templateKey) : undefined,
    query.locale ? eq(queuedEmails.locale, query.locale) : undefined,
    withinDays(queuedEmails.createdAt, query),
  );
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select()
    .from(queuedEmails)
    .where(where)
    .orderBy(...orderOf(outboxSortColumns[query.sort], query.order, queuedEmails.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(queuedEmails).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findQueuedEmail(db: Database, id: number): Promise<QueuedEmail | null> {
  const [row] = await db.select().from(queuedEmails).where(eq(queuedEmails.id, id));
  return row ?? null;
}

/** The mail, locked for the rest of the transaction (so the worker cannot lease it meanwhile). */
export async function lockQueuedEmail(db: Database, id: number): Promise<QueuedEmail | null> {
  const [row] = await db.select().from(queuedEmails).where(eq(queuedEmails.id, id)).for('update');
  return row ?? null;
}

/** Back in the queue as a new mail: pending, no attempts, due now. */
export async function requeueEmail(db: Database, id: number): Promise<QueuedEmail> {
  const [row] = await db
    .update(queuedEmails)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lastError: null, sentAt: null })
    .where(eq(queuedEmails.id, id))
    .returning();
  return row as QueuedEmail;
}

/** A mail's notification log, oldest event first. */
export async function logsOfEmail(db: Database, queuedEmailId: number) {
  return db
    .select()
    .from(notificationLogs)
    .where(eq(notificationLogs.queuedEmailId, queuedEmailId))
    .orderBy(asc(notificationLogs.id));
}

export type NotificationLogRow = typeof notificationLogs.$inferSelect;

/** The notification log, newest first, each row with its mail's address, subject and template. */
export async function listNotificationLogs(db: Database, query: NotificationLogsQuery) {
  const where: SQL | undefined = and(
    searchOf(query.search, [queuedEmails.toAddress, queuedEmails.subject]),
    query.event ? eq(notificationLogs.event, query.event) : undefined,
    query.queuedEmailId !== undefined ? eq(notificationLogs.queuedEmailId, query.queuedEmailId) : undefined,
    withinDays(notificationLogs.createdAt, query),
  );
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select({
      id: notificationLogs.id,
      createdAt: notificationLogs.createdAt,
      event: notificationLogs.event,
      detail: notificationLogs.detail,
      queuedEmail: {
        id: queuedEmails.id,
        toAddress: queuedEmails.toAddress,
        subject: queuedEmails.subject,
        templateKey: queuedEmails.templateKey,
        locale: queuedEmails.locale,
      },
    })
    .from(notificationLogs)
    .innerJoin(queuedEmails, eq(queuedEmails.id, notificationLogs.queuedEmailId))
    .where(where)
    .orderBy(desc(notificationLogs.createdAt), desc(notificationLogs.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(notificationLogs)
    .innerJoin(queuedEmails, eq(queuedEmails.id, notificationLogs.queuedEmailId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export type NotificationLogListRow = Awaited<ReturnType<typeof listNotificationLogs>>['rows'][number];
