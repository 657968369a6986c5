import type { AppDeps } from '../../../core/deps';
import { MAX_KEPT_REJECTIONS } from './read-feed-batches';
import { readFeedInThread } from './read-feed-in-thread';
import { addProgress, insertRejections, type NewRejection, upsertProducts } from './repository';

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

const noProducts = { added: 0, updated: 0, unchanged: 0, duplicates: [] };

/**
 * Streams a stored feed file into the advertiser's products: a thread reads it into batches
 * (`readFeedInThread`) while this one writes the batches before, each in a transaction that
 * adds to the import's counters and progress (which the panel polls). Memory holds a few
 * batches, whatever the feed's length; duplicates across batches are found by the products'
 * `last_import_id`. A fault in the feed stops it after what came before is written, and is
 * thrown on. Returns how many products it accepted.
 */
export async function importFeedFile(
  deps: AppDeps,
  run: ImportRun,
  path: string,
  bytesTotal: number | null,
): Promise<number> {
  let keptRejections = 0;
  let accepted = 0;
  for await (const batch of readFeedInThread(path, deps.config.feedMaxBytes)) {
    await deps.db.transaction(async (tx) => {
      const written = batch.productCount
        ? await upsertProducts(tx, run.advertiserId, run.id, batch.products)
        : noProducts;
      const rejections = [
        ...batch.rejections,
        ...written.duplicates.map((d) => duplicate(d.position, d.productId)),
      ].sort((a, b) => a.position - b.position);
      const kept = rejections.slice(0, Math.max(0, MAX_KEPT_REJECTIONS - keptRejections));
      await insertRejections(tx, run.id, kept);
      const held = await addProgress(tx, run.id, run.token, run.leaseMs, {
        format: batch.format,
        bytesRead: batch.bytesRead,
        bytesTotal,
        itemsRead: batch.itemsRead,
        added: written.added,
        updated: written.updated,
        unchanged: written.unchanged,
        rejected: batch.rejectedRows + written.duplicates.length,
      });
      if (!held) throw new LeaseLostError(run.id);
      keptRejections += kept.length;
      accepted += written.added + written.updated + written.unchanged;
    });
  }
  return accepted;
}

const duplicate = (position: number, productId: string): NewRejection => ({
  position,
  productId,
  attribute: 'id',
  reason: 'duplicate_id',
});
