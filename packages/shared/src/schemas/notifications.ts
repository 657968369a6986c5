import { z } from 'zod';
import { notificationEvents, queuedEmailStatuses } from '../enums';
import {
  apiDateTime,
  dateRange,
  endNotBeforeStart,
  envelope,
  listOf,
  listQuery,
  pageQuery,
  sortOrder,
} from './common';
import { notificationMessages } from './notifications-messages';

/** Longest template body the editor accepts (the seeded ones are about 1.5 kB). */
export const EMAIL_TEMPLATE_HTML_MAX = 100_000;
export const EMAIL_SUBJECT_MAX = 200;

/**
 * Every mail the platform sends, by template key (the API's placeholder catalogue has exactly
 * these; the web app names each one).
 */
export const emailTemplateKeys = [
  'account-activation',
  'password-reset',
  'account-exists',
  'password-changed',
  'support-contact',
  'support-reply',
  'top-up-request-accepted',
  'top-up-request-rejected',
  'invoice',
  'banner-rejected',
  'weekly-report',
  'alert-digest',
] as const;
export type EmailTemplateKey = (typeof emailTemplateKeys)[number];

const templateKey = z.string().trim().min(1).max(100);
const locale = z.string().trim().min(2).max(10);
const id = z.number().int();

// --- Queued e-mails (the outbox) -------------------------------------------------------------

export const queuedEmailSortFields = ['createdAt', 'status'] as const;

/** The outbox, newest first unless asked otherwise; `search` looks in the address and subject. */
export const queuedEmailsQuery = listQuery(queuedEmailSortFields, 'createdAt')
  .extend({
    order: sortOrder.default('desc'),
    status: z.enum(queuedEmailStatuses).optional(),
    templateKey: templateKey.optional(),
    locale: locale.optional(),
    ...dateRange,
  })
  .superRefine(endNotBeforeStart);
export type QueuedEmailsQuery = z.infer<typeof queuedEmailsQuery>;

export const queuedEmailEntry = z.object({
  id,
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
  accountId: id.nullable(),
  toAddress: z.string(),
  templateKey: z.string(),
  locale: z.string(),
  subject: z.string(),
  status: z.enum(queuedEmailStatuses),
  attempts: z.number().int(),
  /** When the worker tries next (pending mails only mean anything by it). */
  nextAttemptAt: apiDateTime,
  lastError: z.string().nullable(),
  sentAt: apiDateTime.nullable(),
});
export type QueuedEmailEntry = z.infer<typeof queuedEmailEntry>;

/** One event of a mail's life, as the mail's own page lists it. */
export const notificationLogEntry = z.object({
  id,
  createdAt: apiDateTime,
  event: z.enum(notificationEvents),
  /** The transport's error on `retrying` and `failed`. */
  detail: z.string().nullable(),
});
export type NotificationLogEntry = z.infer<typeof notificationLogEntry>;

/** A mail with its plain-text part and its notification log, oldest event first. */
export const queuedEmailDto = queuedEmailEntry.extend({
  text: z.string(),
  logs: z.array(notificationLogEntry),
});
export type QueuedEmailDto = z.infer<typeof queuedEmailDto>;

/** What a mail looks like: the subject and the HTML (stored, or rendered for a preview). */
export const emailHtmlDto = z.object({ subject: z.string(), html: z.string() });
export type EmailHtmlDto = z.infer<typeof emailHtmlDto>;

export const queuedEmailsResponse = envelope({ queuedEmails: listOf(queuedEmailEntry) });
export const queuedEmailResponse = envelope({ queuedEmail: queuedEmailDto });
export const queuedEmailHtmlResponse = envelope({ queuedEmailHtml: emailHtmlDto });

// --- E-mail templates ------------------------------------------------------------------------

export const emailTemplateSortFields = ['key', 'locale', 'updatedAt'] as const;

export const emailTemplatesQuery = listQuery(emailTemplateSortFields, 'key').extend({
  key: templateKey.optional(),
  locale: locale.optional(),
});
export type EmailTemplatesQuery = z.infer<typeof emailTemplatesQuery>;

export const emailTemplateEntry = z.object({
  id,
  key: z.string(),
  locale: z.string(),
  subject: z.string(),
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
});
export type EmailTemplateEntry = z.infer<typeof emailTemplateEntry>;

/** A `{{name}}` the mail fills in; a required one must stay in the HTML (e.g. the action link). */
export const emailPlaceholderDto = z.object({ name: z.string(), required: z.boolean() });
export type EmailPlaceholderDto = z.infer<typeof emailPlaceholderDto>;

export const emailTemplateDto = emailTemplateEntry.extend({
  html: z.string(),
  placeholders: z.array(emailPlaceholderDto),
});
export type EmailTemplateDto = z.infer<typeof emailTemplateDto>;

const subject = z
  .string()
  .trim()
  .min(1)
  .max(EMAIL_SUBJECT_MAX)
  .refine((value) => !/[\r\n]/.test(value), notificationMessages.subjectOneLine);

/** The editable parts of a template; its placeholders are checked against the key's list. */
export const updateEmailTemplateBody = z.object({
  subject,
  html: z.string().trim().min(1).max(EMAIL_TEMPLATE_HTML_MAX),
});
export type UpdateEmailTemplateBody = z.infer<typeof updateEmailTemplateBody>;

/** A draft to render with sample values: empty parts are allowed (the editor previews as one types). */
export const emailTemplatePreviewBody = z.object({
  key: templateKey,
  locale,
  subject: z.string().max(EMAIL_SUBJECT_MAX),
  html: z.string().max(EMAIL_TEMPLATE_HTML_MAX),
});
export type EmailTemplatePreviewBody = z.infer<typeof emailTemplatePreviewBody>;

export const emailTemplatesResponse = envelope({ emailTemplates: listOf(emailTemplateEntry) });
export const emailTemplateResponse = envelope({ emailTemplate: emailTemplateDto });
export const emailTemplateHtmlResponse = envelope({ emailTemplateHtml: emailHtmlDto });

// --- Notification logs -----------------------------------------------------------------------

/** Newest first; `search` looks in the mail's address and subject. */
export const notificationLogsQuery = pageQuery
  .extend({
    search: z.string().trim().max(200).optional(),
    event: z.enum(notificationEvents).optional(),
    queuedEmailId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    ...dateRange,
  })
  .superRefine(endNotBeforeStart);
export type NotificationLogsQuery = z.infer<typeof notificationLogsQuery>;

export const notificationLogDto = notificationLogEntry.extend({
  queuedEmail: z.object({
    id,
    toAddress: z.string(),
    subject: z.string(),
    templateKey: z.string(),
    locale: z.string(),
  }),
});
export type NotificationLogDto = z.infer<typeof notificationLogDto>;

export const notificationLogsResponse = envelope({ notificationLogs: listOf(notificationLogDto) });
