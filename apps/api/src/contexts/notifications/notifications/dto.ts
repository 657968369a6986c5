import {
  type EmailTemplateDto,
  type EmailTemplateEntry,
  type NotificationLogDto,
  type NotificationLogEntry,
  type QueuedEmailDto,
  type QueuedEmailEntry,
  toApiDateTime,
} from '@rtb/shared';
import type {
  EmailTemplateRow,
  NotificationLogListRow,
  NotificationLogRow,
  QueuedEmail,
} from '../../platform';
import { placeholdersOf } from './catalogue';

const orNull = (date: Date | null) => (date ? toApiDateTime(date) : null);

export function toQueuedEmailEntry(row: QueuedEmail): QueuedEmailEntry {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
    accountId: row.accountId,
    toAddress: row.toAddress,
    templateKey: row.templateKey,
    locale: row.locale,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: toApiDateTime(row.nextAttemptAt),
    lastError: row.lastError,
    sentAt: orNull(row.sentAt),
  };
}

export function toNotificationLogEntry(
  row: Pick<NotificationLogRow, 'id' | 'createdAt' | 'event' | 'detail'>,
): NotificationLogEntry {
  return { id: row.id, createdAt: toApiDateTime(row.createdAt), event: row.event, detail: row.detail };
}

export function toQueuedEmailDto(row: QueuedEmail, logs: NotificationLogRow[]): QueuedEmailDto {
  return { ...toQueuedEmailEntry(row), text: row.text, logs: logs.map(toNotificationLogEntry) };
}

export function toNotificationLogDto(row: NotificationLogListRow): NotificationLogDto {
  return { ...toNotificationLogEntry(row), queuedEmail: row.queuedEmail };
}

export function toEmailTemplateEntry(row: Omit<EmailTemplateRow, 'html'>): EmailTemplateEntry {
  return {
    id: row.id,
    key: row.key,
    locale: row.locale,
    subject: row.subject,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
  };
}

/** A template with its HTML and the placeholders its key provides. */
export function toEmailTemplateDto(row: EmailTemplateRow): EmailTemplateDto {
  return { ...toEmailTemplateEntry(row), html: row.html, placeholders: placeholdersOf(row.key) };
}

/** What an activity-log row keeps of a mail's delivery state (never its body: links carry tokens). */
export function auditedDelivery(row: QueuedEmail) {
  return {
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt,
    lastError: row.lastError,
    sentAt: row.sentAt,
  };
}
