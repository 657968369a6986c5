import {
  feedImportErrorCodes,
  feedImportStatuses,
  feedImportTriggers,
  feedRejectionReasons,
  feedSchedules,
  feedSources,
  productAvailabilities,
  productConditions,
} from '@rtb/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamps } from './columns';
import { advertisers } from './organisations';

const at = (name: string) => timestamp(name, { withTimezone: true });
const counter = (name: string) => integer(name).notNull().default(0);

/**
 * An advertiser's product feed (one each): a URL fetched on its schedule, or uploaded files.
 * `etag` and `last_modified` are the validators of the last fetch that was imported, sent back
 * on the next one (a 304 is `not_modified`); `content_sha256` the bytes of that file.
 */
export const productFeeds = pgTable(
  'product_feeds',
  {
    id: id(),
    advertiserId: ref('advertiser_id')
      .notNull()
      .unique()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    source: text('source', { enum: feedSources }).notNull(),
    url: text('url'),
    schedule: text('schedule', { enum: feedSchedules }),
    etag: text('etag'),
    lastModified: text('last_modified'),
    contentSha256: text('content_sha256'),
    /** When the worker fetches a URL feed next (null for uploads). */
    nextFetchAt: at('next_fetch_at'),
    ...timestamps(),
  },
  (t) => [
    check(
      'product_feeds_source',
      sql`(${t.source} = 'url') = (${t.url} is not null and ${t.schedule} is not null and ${t.nextFetchAt} is not null)`,
    ),
    index('product_feeds_due_idx').on(t.nextFetchAt).where(sql`${t.source} = 'url'`),
  ],
);

/**
 * One import of a feed: queued, then run by one worker at a time under a lease (a run whose
 * lease expired crashed and is failed as `interrupted`). The counters and bytes are written as
 * it goes, so the panel can show its progress. An upload's file waits under DATA_DIR in
 * `file_path` until its run.
 */
export const feedImports = pgTable(
  'feed_imports',
  {
    id: id(),
    advertiserId: ref('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: feedImportTriggers }).notNull(),
    status: text('status', { enum: feedImportStatuses }).notNull().default('queued'),
    format: text('format', { enum: ['xml', 'csv', 'tsv'] }),
    filePath: text('file_path'),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    bytesTotal: bigint('bytes_total', { mode: 'number' }),
    itemsRead: counter('items_read'),
    added: counter('added'),
    updated: counter('updated'),
    unchanged: counter('unchanged'),
    removed: counter('removed'),
    rejected: counter('rejected'),
    errorCode: text('error_code', { enum: feedImportErrorCodes }),
    errorDetail: text('error_detail'),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    /** The worker's run that holds the import, and until when (renewed while it runs). */
    leaseToken: uuid('lease_token'),
    leaseExpiresAt: at('lease_expires_at'),
  },
  (t) => [
    index('feed_imports_advertiser_created_idx').on(t.advertiserId, t.createdAt.desc(), t.id.desc()),
    index('feed_imports_queue_idx').on(t.id).where(sql`${t.status} = 'queued'`),
    // One run per advertiser at a time: two would both claim the same products.
    uniqueIndex('feed_imports_one_running_idx').on(t.advertiserId).where(sql`${t.status} = 'running'`),
  ],
);

/** Why rows of an import were rejected: at most 10,000 kept per import (`feed_imports.rejected` counts all). */
export const feedImportRejections = pgTable(
  'feed_import_rejections',
  {
    id: id(),
    importId: ref('import_id')
      .notNull()
      .references(() => feedImports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: text('product_id'),
    attribute: text('attribute').notNull(),
    reason: text('reason', { enum: feedRejectionReasons }).notNull(),
  },
  (t) => [index('feed_import_rejections_import_idx').on(t.importId, t.position, t.id)],
);

/**
 * The products of an advertiser's feed, by the shop's id. `content_hash` (SHA-256 of the
 * attributes) tells an import whether a product changed; `last_import_id` which import saw it
 * last (an id seen twice in one import is a duplicate); `removed_at` is set when a successful
 * import no longer has it, and cleared when one has it again. `updated_at` is the last change
 * of its content.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    advertiserId: ref('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    link: text('link').notNull(),
    imageLink: text('image_link').notNull(),
    additionalImageLinks: jsonb('additional_image_links').$type<string[]>().notNull(),
    priceMicros: bigint('price_micros', { mode: 'number' }).notNull(),
    priceCurrency: char('price_currency', { length: 3 }),
    salePriceMicros: bigint('sale_price_micros', { mode: 'number' }),
    salePriceCurrency: char('sale_price_currency', { length: 3 }),
    availability: text('availability', { enum: productAvailabilities }).notNull(),
    brand: text('brand'),
    gtin: text('gtin'),
    mpn: text('mpn'),
    condition: text('condition', { enum: productConditions }),
    googleProductCategory: text('google_product_category'),
    productType: text('product_type'),
    itemGroupId: text('item_group_id'),
    customLabel0: text('custom_label_0'),
    customLabel1: text('custom_label_1'),
    customLabel2: text('custom_label_2'),
    customLabel3: text('custom_label_3'),
    customLabel4: text('custom_label_4'),
    extra: jsonb('extra').$type<Record<string, string>>().notNull(),
    contentHash: text('content_hash').notNull(),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    removedAt: at('removed_at'),
    lastImportId: ref('last_import_id').references(() => feedImports.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('products_advertiser_product_key').on(t.advertiserId, t.productId),
    index('products_advertiser_availability_idx').on(t.advertiserId, t.availability),
    index('products_advertiser_brand_idx').on(t.advertiserId, t.brand),
    index('products_advertiser_type_idx').on(t.advertiserId, t.productType),
    index('products_advertiser_removed_idx').on(t.advertiserId, t.removedAt),
  ],
);
