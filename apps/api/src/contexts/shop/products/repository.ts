import { type Database, feedImportRejections, feedImports, productFeeds, products } from '@rtb/db';
import type {
  FeedImportErrorCode,
  FeedImportStatus,
  FeedImportTrigger,
  FeedRejectionReason,
  PageQuery,
  ProductListQuery,
} from '@rtb/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { limitOffset, newestFirstPage, searchOf } from '../../../core/list';
import { productRowColumns } from './product-row';

export type FeedRecord = typeof productFeeds.$inferSelect;
export type FeedImportRecord = typeof feedImports.$inferSelect;
export type ProductRecord = typeof products.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// ---- the feed ----

export async function findFeed(db: Database, advertiserId: number): Promise<FeedRecord | null> {
  const [row] = await db.select().from(productFeeds).where(eq(productFeeds.advertiserId, advertiserId));
  return row ?? null;
}

export async function lockFeed(db: Database, advertiserId: number): Promise<FeedRecord | null> {
  const [row] = await db
    .select()
    .from(productFeeds)
    .where(eq(productFeeds.advertiserId, advertiserId))
    .for('update');
  return row ?? null;
}

export type FeedSettings = Pick<FeedRecord, 'source' | 'url' | 'schedule' | 'nextFetchAt'> &
  Partial<Pick<FeedRecord, 'etag' | 'lastModified' | 'contentSha256'>>;

export async function upsertFeed(
  db: Database,
  advertiserId: number,
  settings: FeedSettings,
): Promise<FeedRecord> {
  const [row] = await db
    .insert(productFeeds)
    .values({ advertiserId, ...settings })
    .onConflictDoUpdate({ target: productFeeds.advertiserId, set: { ...settings, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('product feed not written');
  return row;
}

/** A feed of uploads for an advertiser that has none yet (an upload before any set-up). */
export async function ensureFeed(db: Database, advertiserId: number): Promise<void> {
  await db.insert(productFeeds).values({ advertiserId, source: 'upload' }).onConflictDoNothing();
}

/** What an imported fetch answered with, sent back on the next fetch (conditional request). */
export async function setFeedValidators(
  db: Database,
  advertiserId: number,
  validators: Pick<FeedRecord, 'etag' | 'lastModified' | 'contentSha256'>,
): Promise<void> {
  await db.update(productFeeds).set(validators).where(eq(productFeeds.advertiserId, advertiserId));
}

/**
 * Queues a `schedule` import of every URL feed that is due (at most one waiting or running per
 * advertiser) and moves its next fetch on by its schedule. Feeds another worker is queueing are
 * skipped (SKIP LOCKED).
 */
export async function queueDueFeeds(db: Database): Promise<number[]> {
  const result = await db.execute(sql`
    with due as (
      select advertiser_id from product_feeds
      where source = 'url' and next_fetch_at <= now()
      for update skip locked
    ), moved as (
      update product_feeds f
      set next_fetch_at = now() + case when f.schedule = 'hourly' then interval '1 hour' else interval '1 day' end
      from due where f.advertiser_id = due.advertiser_id
      returning f.advertiser_id
    )
    insert into feed_imports (advertiser_id, trigger)
    select m.advertiser_id, 'schedule' from moved m
    where not exists (
      select 1 from feed_imports i where i.advertiser_id = m.advertiser_id and i.status in ('queued', 'running')
    )
    returning id`);
  return rowsOf<{ id: string | number }>(result).map((row) => Number(row.id));
}

// ---- imports ----

/** Drops the URL fetches still waiting (not the uploads): the feed no longer comes from a URL. */
export async function dropQueuedFetches(db: Database, advertiserId: number): Promise<void> {
  await db
    .delete(feedImports)
    .where(
      and(
        eq(feedImports.advertiserId, advertiserId),
        eq(feedImports.status, 'queued'),
        isNull(feedImports.filePath),
      ),
    );
}

export async function insertImport(
  db: Database,
  values: { advertiserId: number; trigger: FeedImportTrigger; filePath?: string; bytesTotal?: number },
): Promise<FeedImportRecord> {
  const [row] = await db.insert(feedImports).values(values).returning();
  if (!row) throw new Error('feed import not written');
  return row;
}

/** The advertiser's import (null when it is another's, or none). */
export async function findImport(db: Database, advertiserId: number, id: number) {
  const [row] = await db
    .select()
    .from(feedImports)
    .where(and(eq(feedImports.id, id), eq(feedImports.advertiserId, advertiserId)));
  return row ?? null;
}

export async function listImports(db: Database, advertiserId: number, page: PageQuery) {
  const where = eq(feedImports.advertiserId, advertiserId);
  const rows = await newestFirstPage(
    db.select().from(feedImports).where(where).$dynamic(),
    feedImports.createdAt,
    feedImports.id,
    page,
  );
  const [total] = await db.select({ n: count() }).from(feedImports).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The advertiser's newest import in one of these statuses (any status without them). */
export async function newestImport(
  db: Database,
  advertiserId: number,
  statuses?: FeedImportStatus[],
): Promise<FeedImportRecord | null> {
  const [row] = await db
    .select()
    .from(feedImports)
    .where(
      and(
        eq(feedImports.advertiserId, advertiserId),
        statuses ? inArray(feedImports.status, statuses) : undefined,
      ),
    )
    .orderBy(desc(feedImports.id))
    .limit(1);
  return row ?? null;
}

/**
 * Of each of these advertisers' feeds, its newest import (of these statuses only, when given):
 * one query however many feeds; an advertiser without a feed, or whose feed has no such import,
 * has none.
 */
export async function newestImportsOfFeeds(
  db: Database,
  advertiserIds: readonly number[],
  statuses?: FeedImportStatus[],
): Promise<Map<number, FeedImportRecord>> {
  if (!advertiserIds.length) return new Map();
  const newest = db
    .select()
    .from(feedImports)
    .where(
      and(
        eq(feedImports.advertiserId, productFeeds.advertiserId),
        statuses ? inArray(feedImports.status, statuses) : undefined,
      ),
    )
    .orderBy(desc(feedImports.id))
    .limit(1)
    .as('newest');
  const rows = await db
    .select()
    .from(productFeeds)
    .innerJoinLateral(newest, sql`true`)
    .where(inArray(productFeeds.advertiserId, [...advertiserIds]));
  return new Map(rows.map((row) => [row.product_feeds.advertiserId, row.newest]));
}

const LEASE_SECONDS = (leaseMs: number) => sql`make_interval(secs => ${leaseMs / 1000})`;

/**
 * Takes the oldest queued import whose advertiser has none running, for this run (`token`):
 * other workers skip it (SKIP LOCKED), and the unique index on running imports refuses a
 * second run of one advertiser. Null when there is nothing to take (or another worker took
 * the advertiser meanwhile).
 */
export async function leaseQueuedImport(
  db: Database,
  token: string,
  leaseMs: number,
): Promise<FeedImportRecord | null> {
  try {
    const [row] = await db
      .update(feedImports)
      .set({
        status: 'running',
        leaseToken: token,
        leaseExpiresAt: sql`now() + ${LEASE_SECONDS(leaseMs)}`,
        startedAt: sql`now()`,
      })
      .where(
        eq(
          feedImports.id,
          sql`(select q.id from feed_imports q
                where q.status = 'queued' and not exists (
                  select 1 from feed_imports r where r.advertiser_id = q.advertiser_id and r.status = 'running')
                order by q.id limit 1 for update skip locked)`,
        ),
      )
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: unknown };
  return e?.code === '23505' || (e?.cause !== undefined && isUniqueViolation(e.cause));
};

/** Runs whose lease ran out (their worker stopped): failed as `interrupted`, with the files they left. */
export async function failExpiredRuns(db: Database): Promise<{ id: number; filePath: string | null }[]> {
  const result = await db.execute(sql`
    update feed_imports f
    set status = 'failed', error_code = 'interrupted', finished_at = now(),
      lease_token = null, lease_expires_at = null, file_path = null
    from (
      select id, file_path from feed_imports
      where status = 'running' and lease_expires_at < now()
      for update skip locked
    ) expired
    where f.id = expired.id
    returning f.id, expired.file_path`);
  return rowsOf<{ id: string | number; file_path: string | null }>(result).map((row) => ({
    id: Number(row.id),
    filePath: row.file_path,
  }));
}

/** This run's hold on its import: the condition of every write of the run. */
const heldBy = (id: number, token: string) =>
  and(eq(feedImports.id, id), eq(feedImports.leaseToken, token), eq(feedImports.status, 'running'));

/** Extends the run's lease; false when it no longer holds the import. */
export async function renewLease(db: Database, id: number, token: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(feedImports)
    .set({ leaseExpiresAt: sql`now() + ${LEASE_SECONDS(leaseMs)}` })
    .where(heldBy(id, token))
    .returning({ id: feedImports.id });
  return rows.length > 0;
}

export interface ImportProgress {
  format?: 'xml' | 'csv' | 'tsv' | null;
  bytesRead: number;
  bytesTotal?: number | null;
  /** Added to the counters so far. */
  itemsRead: number;
  added: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

/** Adds a batch to the import's counters (and renews its lease); false when the run lost it. */
export async function addProgress(
  db: Database,
  id: number,
  token: string,
  leaseMs: number,
  progress: ImportProgress,
): Promise<boolean> {
  const rows = await db
    .update(feedImports)
    .set({
      ...(progress.format ? { format: progress.format } : {}),
      ...(progress.bytesTotal !== undefined ? { bytesTotal: progress.bytesTotal } : {}),
      bytesRead: progress.bytesRead,
      itemsRead: sql`${feedImports.itemsRead} + ${progress.itemsRead}`,
      added: sql`${feedImports.added} + ${progress.added}`,
      updated: sql`${feedImports.updated} + ${progress.updated}`,
      unchanged: sql`${feedImports.unchanged} + ${progress.unchanged}`,
      rejected: sql`${feedImports.rejected} + ${progress.rejected}`,
      leaseExpiresAt: sql`now() + ${LEASE_SECONDS(leaseMs)}`,
    })
    .where(heldBy(id, token))
    .returning({ id: feedImports.id });
  return rows.length > 0;
}

/** Ends the run: its status, the error of a failed one, the count of removed products. */
export async function finishImport(
  db: Database,
  id: number,
  token: string,
  outcome: {
    status: Extract<FeedImportStatus, 'succeeded' | 'not_modified' | 'failed'>;
    errorCode?: FeedImportErrorCode;
    errorDetail?: string | null;
    removed?: number;
    bytesRead?: number;
  },
): Promise<boolean> {
  const rows = await db
    .update(feedImports)
    .set({
      status: outcome.status,
      errorCode: outcome.errorCode ?? null,
      errorDetail: outcome.errorDetail ?? null,
      ...(outcome.removed !== undefined ? { removed: outcome.removed } : {}),
      ...(outcome.bytesRead !== undefined ? { bytesRead: outcome.bytesRead } : {}),
      finishedAt: sql`now()`,
      leaseToken: null,
      leaseExpiresAt: null,
      filePath: null,
    })
    .where(heldBy(id, token))
    .returning({ id: feedImports.id });
  return rows.length > 0;
}

// ---- rejections ----

export interface NewRejection {
  position: number;
  productId: string | null;
  attribute: string;
  reason: FeedRejectionReason;
}

export async function insertRejections(db: Database, importId: number, rows: NewRejection[]): Promise<void> {
  if (rows.length) await db.insert(feedImportRejections).values(rows.map((row) => ({ importId, ...row })));
}

const rejectionColumns = {
  position: feedImportRejections.position,
  productId: feedImportRejections.productId,
  attribute: feedImportRejections.attribute,
  reason: feedImportRejections.reason,
};
const rejectionOrder = [asc(feedImportRejections.position), asc(feedImportRejections.id)];

export async function listRejections(db: Database, importId: number, page: PageQuery) {
  const where = eq(feedImportRejections.importId, importId);
  const { limit, offset } = limitOffset(page);
  const rows = await db
    .select(rejectionColumns)
    .from(feedImportRejections)
    .where(where)
    .orderBy(...rejectionOrder)
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(feedImportRejections).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every kept rejection of an import (at most 10,000), in feed order. */
export function allRejections(db: Database, importId: number) {
  return db
    .select(rejectionColumns)
    .from(feedImportRejections)
    .where(eq(feedImportRejections.importId, importId))
    .orderBy(...rejectionOrder);
}

// ---- products ----

/** What a batch's write did: products new (or back in the feed), changed, the same, and those this import wrote before. */
export interface WrittenBatch {
  added: number;
  updated: number;
  unchanged: number;
  /** Products this import already wrote from an earlier row: rejected as duplicates. */
  duplicates: { position: number; productId: string }[];
}

const incomingColumns = sql.raw(
  Object.entries(productRowColumns)
    .map(([column, type]) => `${column} ${type}`)
    .join(', '),
);
const writtenColumns = sql.raw(Object.keys(productRowColumns).join(', '));
const updatedColumns = sql.raw(
  Object.keys(productRowColumns)
    .filter((column) => column !== 'product_id')
    .map((column) => `${column} = excluded.${column}`)
    .join(', '),
);

/**
 * Writes a batch (`productRow`s as a JSON array in UTF-8, ids unique within it) in one
 * statement: new products are inserted, known ones take the new content and lose `removed_at`,
 * and every one is marked as seen by the import (`last_import_id`). A product this import
 * already wrote is left alone and answered as a duplicate. The database counts the outcome, so
 * only the counts and the duplicates come back.
 */
export async function upsertProducts(
  db: Database,
  advertiserId: number,
  importId: number,
  rows: Uint8Array,
): Promise<WrittenBatch> {
  // A Buffer as a text parameter: node-postgres sends its bytes as they are (binary format), so
  // the batch is never a string on the JavaScript heap; PGlite reads it as text (toString).
  const json = Buffer.from(rows.buffer, rows.byteOffset, rows.byteLength);
  const result = await db.execute(sql`
    with incoming as (
      select * from jsonb_to_recordset(${json}::text::jsonb)
        as i(position integer, ${incomingColumns})
    ), before as (
      select p.product_id, p.content_hash, p.removed_at from products p
      where p.advertiser_id = ${advertiserId} and p.product_id in (select product_id from incoming)
    ), written as (
      insert into products (advertiser_id, last_import_id, ${writtenColumns})
      select ${advertiserId}, ${importId}, ${writtenColumns} from incoming
      on conflict (advertiser_id, product_id) do update set ${updatedColumns},
        updated_at = case when products.content_hash = excluded.content_hash then products.updated_at else now() end,
        removed_at = null,
        last_import_id = excluded.last_import_id
      where products.last_import_id is distinct from excluded.last_import_id
      returning product_id
    )
    select
      count(w.product_id) filter (where b.product_id is null or b.removed_at is not null)::integer as added,
      count(w.product_id) filter (where b.removed_at is null and b.content_hash <> i.content_hash)::integer as updated,
      count(w.product_id) filter (where b.removed_at is null and b.content_hash = i.content_hash)::integer as unchanged,
      coalesce(
        jsonb_agg(jsonb_build_object('position', i.position, 'productId', i.product_id))
          filter (where w.product_id is null),
        '[]'::jsonb
      ) as duplicates
    from incoming i
    left join written w on w.product_id = i.product_id
    left join before b on b.product_id = i.product_id`);
  const [counts] = rowsOf<WrittenBatch>(result);
  if (!counts) throw new Error('product batch not counted');
  return counts;
}

/** Products `markUnseenRemoved` removes per statement. */
const REMOVED_PER_STATEMENT = 50_000;

/**
 * After a successful import: the advertiser's products it did not mark as seen are removed
 * (not deleted), counted in the database, a chunk per statement so that a feed replaced whole
 * (a million products gone) stays within the statement timeout; the caller's transaction makes
 * it all or nothing.
 */
export async function markUnseenRemoved(
  db: Database,
  advertiserId: number,
  importId: number,
  perStatement = REMOVED_PER_STATEMENT,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = await db.execute(sql`
      with removed as (
        update products set removed_at = now()
        where id in (
          select id from products
          where advertiser_id = ${advertiserId} and removed_at is null
            and last_import_id is distinct from ${importId}
          limit ${perStatement}
        )
        returning 1
      )
      select count(*)::integer as n from removed`);
    const n = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    removed += n;
    if (n < perStatement) return removed;
  }
}

export async function countActiveProducts(db: Database, advertiserId: number): Promise<number> {
  return (await countActiveProductsOf(db, [advertiserId])).get(advertiserId) ?? 0;
}

/** How many products each of these advertisers' feeds has now (not removed); none: 0. */
export async function countActiveProductsOf(
  db: Database,
  advertiserIds: readonly number[],
): Promise<Map<number, number>> {
  if (!advertiserIds.length) return new Map();
  const rows = await db
    .select({ advertiserId: products.advertiserId, n: count() })
    .from(products)
    .where(and(inArray(products.advertiserId, [...advertiserIds]), isNull(products.removedAt)))
    .groupBy(products.advertiserId);
  return new Map(rows.map((row) => [row.advertiserId, row.n]));
}

function productConditions(advertiserId: number, query: ProductListQuery): SQL | undefined {
  return and(
    eq(products.advertiserId, advertiserId),
    query.state === 'active' ? isNull(products.removedAt) : undefined,
    query.state === 'removed' ? isNotNull(products.removedAt) : undefined,
    searchOf(query.search, [products.productId, products.title, products.brand, products.gtin, products.mpn]),
    query.availability ? eq(products.availability, query.availability) : undefined,
    query.brand ? eq(products.brand, query.brand) : undefined,
    query.productType ? eq(products.productType, query.productType) : undefined,
  );
}

/** A page of the advertiser's products, by the shop's id. */
export async function listProducts(db: Database, advertiserId: number, query: ProductListQuery) {
  const where = productConditions(advertiserId, query);
  const { limit, offset } = limitOffset(query);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.productId))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(products).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The product by our key: the advertiser's (with a scope), or any one. */
export async function findProduct(
  db: Database,
  key: number,
  advertiserId?: number,
): Promise<ProductRecord | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.id, key),
        advertiserId === undefined ? undefined : eq(products.advertiserId, advertiserId),
      ),
    );
  return row ?? null;
}

/** The distinct non-empty values of a column among the advertiser's active products, alphabetically. */
export async function distinctValues(
  db: Database,
  advertiserId: number,
  column: typeof products.brand | typeof products.productType,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ value: column })
    .from(products)
    .where(and(eq(products.advertiserId, advertiserId), isNull(products.removedAt), isNotNull(column)))
    .orderBy(asc(column))
    .limit(limit);
  return rows.map((row) => row.value as string);
}

/**
 * A condition for queries of other modules: one of the advertiser's products with an id in
 * `productIds` (a text[] expression) is of `productType` or below it ('Home > Garden' covers
 * 'Home > Garden > Tools'), letter case aside. Served by the products' unique (advertiser, id) index.
 */
export function productOfTypeAmong(advertiserId: SQL, productIds: SQL, productType: SQL): SQL {
  return sql`exists (select 1 from ${products} where ${products.advertiserId} = ${advertiserId}
    and ${products.productId} = any(${productIds})
    and (lower(${products.productType}) = lower(${productType})
      or starts_with(lower(${products.productType}), lower(${productType}) || ' > ')))`;
}

/** The titles of some of one advertiser's products by our key (`products.id`; another advertiser's are left out). */
export async function titlesByKeys(db: Database, advertiserId: number, keys: readonly number[]) {
  if (!keys.length) return [];
  return db
    .select({ key: products.id, productId: products.productId, title: products.title })
    .from(products)
    .where(and(eq(products.advertiserId, advertiserId), inArray(products.id, [...keys])));
}
