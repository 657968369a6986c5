import { formContactStatuses } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, id, ref, timestamps } from './columns';
import { fileUploads } from './files';
import { advertisers, agencies } from './organisations';

/** Questions and answers per language; agency and advertiser users see the enabled ones by position. */
export const faqs = pgTable(
  'faqs',
  {
    id: id(),
    locale: text('locale').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('faqs_locale_position_idx').on(t.locale, t.position, t.id)],
);

/** A support request sent through the contact form of an agency or an advertiser (exactly one). */
export const formContacts = pgTable(
  'form_contacts',
  {
    id: id(),
    agencyId: ref('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    advertiserId: ref('advertiser_id').references(() => advertisers.id, { onDelete: 'cascade' }),
    accountId: ref('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: formContactStatuses }).notNull().default('new'),
    fileUploadId: ref('file_upload_id').references(() => fileUploads.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('form_contacts_one_organisation', sql`(${t.agencyId} is null) <> (${t.advertiserId} is null)`),
    index('form_contacts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('form_contacts_agency_idx').on(t.agencyId, t.createdAt.desc(), t.id.desc()),
    index('form_contacts_advertiser_idx').on(t.advertiserId, t.createdAt.desc(), t.id.desc()),
    index('form_contacts_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

/** The support team's replies to a form contact; the organisation that sent it reads them. */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    formContactId: ref('form_contact_id')
      .notNull()
      .references(() => formContacts.id, { onDelete: 'cascade' }),
    authorAccountId: ref('author_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comments_form_contact_idx').on(t.formContactId, t.id)],
);
