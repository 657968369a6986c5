import type { AppDeps } from '../../../core/deps';
import { contentHash } from './content-hash';
import type { FeedSource } from './feed/decode-chunks';
import { detectFeedFormat, type FeedFormat } from './feed/detect-feed-format';
import type { FeedRow } from './feed/normalise-product';
import { parseFeed } from './feed/parse-feed';
import { readFeedFile } from './feed-file';
import {
  addProgress,
  type IncomingProduct,
  insertRejections,
  type NewRejection,
  upsertProducts,
} from './repository';

/** Rows (products and rejected ones) written per transaction: larger batches cost fewer round trips. */
export const BATCH_ROWS = 5000;
/** Rejections kept per import; `rejected` counts every rejected row all the same. */
export const MAX_KEPT_REJECTIONS = 10_000;
/** Bytes of the feed's start kept to name its format. */
const HEAD_BYTES = 4096;

/** The import a worker runs, held by its lease. */
export interface ImportRun {
  id: number;
  advertiserId: number;
  token: string;
  leaseMs: number;
}

/** The run lost its lease (it took too long, and the import was given up): it stops writing. */
export class LeaseLostError extends Error {
  constructor(importId: number) {
    super(`feed import ${importId}: lease lost`);
  }
}

/**
 * Streams a stored feed file into the advertiser's products, a batch per transaction, each
 * batch adding to the import's counters and progress (which the panel polls). Only one batch
 * is held in memory; duplicates across batches are found by the products' `last_import_id`.
 * A fault in the feed stops it after what came before is written, and is thrown on.
 * Returns how many products it accepted.
 */
export async function importFeedFile(
  deps: AppDeps,
  run: ImportRun,
  path: string,
  bytesTotal: number | null,
): Promise<number> {
  const progress = { bytesRead: 0 };
  const head: Buffer[] = [];
  let headSize = 0;
  async function* tapped(source: FeedSource): FeedSource {
    for await (const chunk of source) {
      if (headSize < HEAD_BYTES) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
        head.push(bytes);
        headSize += bytes.length;
      }
      yield chunk;
    }
  }

  let format: FeedFormat | null = null;
  let keptRejections = 0;
  let accepted = 0;
  let rows: FeedRow[] = [];

  const flush = async () => {
    format ??= detectFeedFormat(Buffer.concat(head));
    const batch = rows;
    rows = [];
    const incoming = new Map<string, IncomingProduct & { row: number }>();
    const rejections: NewRejection[] = [];
    const rejectedRows = new Set<number>();
    for (const row of batch) {
      if (!row.ok) {
        rejectedRows.add(row.row);
        for (const r of row.rejections) rejections.push({ position: row.row, productId: null, ...r });
      } else if (incoming.has(row.product.id)) {
        rejectedRows.add(row.row);
        rejections.push(duplicate(row.row, row.product.id));
      } else {
        incoming.set(row.product.id, { product: row.product, hash: contentHash(row.product), row: row.row });
      }
    }
    const counts = { added: 0, updated: 0, unchanged: 0 };
    await deps.db.transaction(async (tx) => {
      const written = await upsertProducts(tx, run.advertiserId, run.id, [...incoming.values()]);
      const writtenIds = new Map(written.map((w) => [w.productId, w]));
      for (const [productId, product] of incoming) {
        const w = writtenIds.get(productId);
        if (!w) {
          // Written earlier in this import: a second row with the same id.
          rejectedRows.add(product.row);
          rejections.push(duplicate(product.row, productId));
        } else if (w.inserted || w.wasRemoved) counts.added += 1;
        else if (w.oldHash !== product.hash) counts.updated += 1;
        else counts.unchanged += 1;
      }
      rejections.sort((a, b) => a.position - b.position);
      const kept = rejections.slice(0, Math.max(0, MAX_KEPT_REJECTIONS - keptRejections));
      await insertRejections(tx, run.id, kept);
      const held = await addProgress(tx, run.id, run.token, run.leaseMs, {
        format,
        bytesRead: progress.bytesRead,
        bytesTotal,
        itemsRead: batch.length,
        ...counts,
        rejected: rejectedRows.size,
      });
      if (!held) throw new LeaseLostError(run.id);
      keptRejections += kept.length;
    });
    accepted += counts.added + counts.updated + counts.unchanged;
  };

  try {
    for await (const row of parseFeed(tapped(readFeedFile(path, deps.config.feedMaxBytes, progress)))) {
      rows.push(row);
      if (rows.length >= BATCH_ROWS) await flush();
    }
  } catch (error) {
    // What was read before the fault is kept, as read.
    if (rows.length && !(error instanceof LeaseLostError)) await flush();
    throw error;
  }
  await flush();
  return accepted;
}

const duplicate = (position: number, productId: string): NewRejection => ({
  position,
  productId,
  attribute: 'id',
  reason: 'duplicate_id',
});
