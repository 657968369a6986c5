import { bannerRejectionReasons, bannerStatuses, bannerTypes, type DynamicTemplate } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { id, ref, timestamps } from './columns';
import { advertisers } from './organisations';

/**
 * Creatives. The files live under DATA_DIR/creatives/<asset_key>/ (an image file, or an HTML5
 * banner's unpacked archive) and are served at /creatives/<asset_key>/<asset_entry>; the key is
 * random and changes with every new file, so a URL never shows other content than was reviewed.
 * A dynamic banner's file is its logo and its `template` the look (null for the other types).
 */
export const banners = pgTable(
  'banners',
  {
    id: id(),
    advertiserId: ref('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: bannerTypes }).notNull(),
    status: text('status', { enum: bannerStatuses }).notNull().default('pending'),
    /** The size it serves at (a 2x file serves at half its pixels). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: integer('file_size').notNull(),
    animated: boolean('animated').notNull().default(false),
    fileCount: integer('file_count'),
    landingUrl: text('landing_url').notNull(),
    assetKey: text('asset_key').notNull().unique(),
    /** The file to open under the asset key: the image's file name, or `index.html`. */
    assetEntry: text('asset_entry').notNull(),
    template: jsonb('template').$type<DynamicTemplate>(),
    rejectionReason: text('rejection_reason', { enum: bannerRejectionReasons }),
    rejectionNote: text('rejection_note'),
    /** When it last went to review: the queue is oldest first. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedByAccountId: ref('reviewed_by_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    createdByAccountId: ref('created_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    updatedByAccountId: ref('updated_by_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('banners_size_positive', sql`${t.width} > 0 and ${t.height} > 0 and ${t.fileSize} > 0`),
    check(
      'banners_rejection_reason',
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null) or ${t.status} = 'archived'`,
    ),
    check('banners_dynamic_template', sql`(${t.type} = 'dynamic') = (${t.template} is not null)`),
    index('banners_advertiser_created_idx').on(t.advertiserId, t.createdAt.desc(), t.id.desc()),
    index('banners_review_queue_idx').on(t.submittedAt, t.id).where(sql`${t.status} = 'pending'`),
  ],
);
