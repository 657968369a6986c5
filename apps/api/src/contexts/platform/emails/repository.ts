import {
  type Database,
  emailTemplates,
  notificationLogs,
  queuedEmailAttachments,
  queuedEmails,
} from '@rtb/db';
import type { NotificationEvent } from '@rtb/shared';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';

export async function findTemplates(db: Database, key: string, locales: string[]) {
  return db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.key, key), inArray(emailTemplates.locale, locales)));
}

export type NewQueuedEmail = typeof queuedEmails.$inferInsert;
export type QueuedEmail = typeof queuedEmails.$inferSelect;

export async function insertQueuedEmail(db: Database, email: NewQueuedEmail): Promise<QueuedEmail> {
  const [row] = await db.insert(queuedEmails).values(email).returning();
  return row as QueuedEmail;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export async function insertAttachments(
  db: Database,
  queuedEmailId: number,
  attachments: MailAttachment[],
): Promise<void> {
  if (attachments.length)
    await db.insert(queuedEmailAttachments).values(attachments.map((a) => ({ queuedEmailId, ...a })));
}

export async function findAttachments(db: Database, queuedEmailId: number): Promise<MailAttachment[]> {
  return db
    .select({
      filename: queuedEmailAttachments.filename,
      contentType: queuedEmailAttachments.contentType,
      content: queuedEmailAttachments.content,
    })
    .from(queuedEmailAttachments)
    .where(eq(queuedEmailAttachments.queuedEmailId, queuedEmailId))
    .orderBy(asc(queuedEmailAttachments.id));
}

/** One event of a mail's life (queued, sent, a failed attempt, resent). */
export async function insertNotificationLog(
  db: Database,
  queuedEmailId: number,
  event: NotificationEvent,
  detail: string | null = null,
): Promise<void> {
  await db.insert(notificationLogs).values({ queuedEmailId, event, detail });
}

/**
 * Leases up to `limit` due mails, oldest first: pushes their next attempt into the future so
 * another worker (or this one, after a crash) picks them up only once the lease runs out.
 */
export async function leaseDueEmails(db: Database, limit: number, leaseMs: number): Promise<QueuedEmail[]> {
  const due = db
    .select({ id: queuedEmails.id })
    .from(queuedEmails)
    .where(and(eq(queuedEmails.status, 'pending'), lte(queuedEmails.nextAttemptAt, sql`now()`)))
    .orderBy(asc(queuedEmails.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const leased = await db
    .update(queuedEmails)
    .set({
      attempts: sql`${queuedEmails.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(queuedEmails.id, due))
    .returning();
  // RETURNING does not keep the order of the subquery
  return leased.sort((a, b) => a.id - b.id);
}

export async function markSent(db: Database, id: number): Promise<void> {
  await db
    .update(queuedEmails)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(eq(queuedEmails.id, id));
}

export async function markFailedAttempt(
  db: Database,
  id: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(queuedEmails)
    .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, status: 'failed' })
    .where(eq(queuedEmails.id, id));
}

export async function listQueuedEmails(db: Database, toAddress?: string) {
  return db
    .select()
    .from(queuedEmails)
    .where(toAddress ? eq(queuedEmails.toAddress, toAddress) : undefined)
    .orderBy(asc(queuedEmails.id));
}
