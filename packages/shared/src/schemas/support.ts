import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { formContactStatuses } from '../enums';
import { apiDateTime, envelope, listOf, listQuery, pageQuery, sortOrder } from './common';
import { fileUploadDto } from './file-uploads';

const id = z.number().int();
const optionalId = z.coerce.number().int().positive().optional();
const localeCode = z.string().trim().min(2).max(10);
const booleanFilter = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

// --- FAQs ------------------------------------------------------------------------------------

/** A question and its answer in one language; the panels show the enabled ones by position. */
export const faqDto = z.object({
  id,
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
  locale: z.string(),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
  enabled: z.boolean(),
});
export type FaqDto = z.infer<typeof faqDto>;

export const FAQ_MAX_POSITION = 10_000;

/** What an admin writes: the whole FAQ (PUT replaces it). */
export const faqBody = z.object({
  locale: localeCode,
  question: z.string().trim().min(1).max(300),
  answer: z.string().trim().min(1).max(10_000),
  position: z.coerce.number().int().min(0).max(FAQ_MAX_POSITION),
  enabled: z.boolean(),
});
export type FaqBody = z.infer<typeof faqBody>;

export const faqSortFields = ['position', 'question', 'createdAt', 'updatedAt'] as const;
/** Admin list: by language and position unless sorted otherwise; filter by language and status. */
export const faqsQuery = listQuery(faqSortFields, 'position').extend({
  locale: localeCode.optional(),
  enabled: booleanFilter,
});
export type FaqsQuery = z.infer<typeof faqsQuery>;

/**
 * Agency and advertiser users: the enabled FAQs of a language (the user's own unless asked),
 * or the English ones when that language has none.
 */
export const publishedFaqsQuery = pageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  locale: localeCode.optional(),
});
export type PublishedFaqsQuery = z.infer<typeof publishedFaqsQuery>;

export const faqsResponse = envelope({ faqs: listOf(faqDto) });
export const faqResponse = envelope({ faq: faqDto });

// --- Form contacts ---------------------------------------------------------------------------

/** A reply of the support team to a form contact; the user who sent the contact sees it. */
export const commentDto = z.object({
  id,
  createdAt: apiDateTime,
  content: z.string(),
  /** The admin who wrote it (null once their account is gone). */
  author: z.object({ id, name: z.string() }).nullable(),
});
export type CommentDto = z.infer<typeof commentDto>;

/** A support request of an agency or an advertiser, as the lists show it. */
export const formContactListItem = z.object({
  id,
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
  subject: z.string(),
  status: z.enum(formContactStatuses),
  organisation: z.object({ kind: z.enum(['agency', 'advertiser']), id, name: z.string() }),
  /** Who sent it (null once their account is gone). */
  submitter: z.object({ id, name: z.string(), email: z.string() }).nullable(),
  attachment: fileUploadDto.nullable(),
  commentCount: z.number().int(),
  lastCommentAt: apiDateTime.nullable(),
});
export type FormContactListItem = z.infer<typeof formContactListItem>;

/** One form contact with its message and the replies, oldest first. */
export const formContactDto = formContactListItem.extend({
  message: z.string(),
  comments: z.array(commentDto),
});
export type FormContactDto = z.infer<typeof formContactDto>;

/** The contact form's fields (its optional attachment travels as a file in the same request). */
export const contactFormBody = z.object({
  // One line: it becomes the subject of the mail to the support team.
  subject: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .transform((subject) => subject.replace(/\s+/g, ' ')),
  message: z.string().trim().min(1).max(5_000),
});
export type ContactFormBody = z.infer<typeof contactFormBody>;

const formContactSortFields = ['createdAt', 'updatedAt', 'status', 'subject'] as const;
const formContactFilters = listQuery(formContactSortFields, 'createdAt').extend({
  order: sortOrder.default('desc'),
  status: z.enum(formContactStatuses).optional(),
});

/** The organisation's own contacts, newest first. */
export const ownFormContactsQuery = formContactFilters;
export type OwnFormContactsQuery = z.infer<typeof ownFormContactsQuery>;

/** Every contact (admin): also by kind of organisation, or one agency or advertiser. */
export const formContactsQuery = formContactFilters.extend({
  organisationKind: z.enum(['agency', 'advertiser']).optional(),
  agencyId: optionalId,
  advertiserId: optionalId,
});
export type FormContactsQuery = z.infer<typeof formContactsQuery>;

export const formContactStatusBody = z.object({ status: z.enum(formContactStatuses) });
export type FormContactStatusBody = z.infer<typeof formContactStatusBody>;

export const formContactsResponse = envelope({ formContacts: listOf(formContactListItem) });
export const formContactResponse = envelope({ formContact: formContactDto });

// --- Comments (admin) ------------------------------------------------------------------------

export const commentBody = z.object({
  formContactId: z.coerce.number().int().positive(),
  content: z.string().trim().min(1).max(5_000),
});
export type CommentBody = z.infer<typeof commentBody>;

/** The replies to one contact, oldest first. */
export const commentsQuery = pageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  formContactId: z.coerce.number().int().positive(),
});
export type CommentsQuery = z.infer<typeof commentsQuery>;

export const commentsResponse = envelope({ comments: listOf(commentDto) });
export const commentResponse = envelope({ comment: commentDto });
