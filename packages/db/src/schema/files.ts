import { fileUploadTypes } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, id, ref } from './columns';
import { advertisers, agencies } from './organisations';

/**
 * Uploaded files. The content is a file under DATA_DIR/uploads named by `storage_key` (random,
 * never the user's name); docs/decisions/0002 says why it is not in the database.
 */
export const fileUploads = pgTable(
  'file_uploads',
  {
    id: id(),
    type: text('type', { enum: fileUploadTypes }).notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** The organisation whose user uploaded it: only its users (and admins) may download it. */
    agencyId: ref('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    advertiserId: ref('advertiser_id').references(() => advertisers.id, { onDelete: 'cascade' }),
    uploadedByAccountId: ref('uploaded_by_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [check('file_uploads_size_positive', sql`${t.size} > 0`)],
);
