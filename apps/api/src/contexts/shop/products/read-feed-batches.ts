import { contentHash } from './content-hash';
import type { FeedSource } from './feed/decode-chunks';
import { detectFeedFormat, type FeedFormat } from './feed/detect-feed-format';
import type { FeedRow } from './feed/normalise-product';
import { parseFeed } from './feed/parse-feed';
import { readFeedFile } from './feed-file';
import { productRow } from './product-row';
import type { NewRejection } from './repository';

/** Rows (products and rejected ones) per batch, each written in a transaction of its own. */
export const BATCH_ROWS = 5000;
/** Bytes of JSON per batch: a batch of long products ends sooner (one product larger than this goes alone). */
export const BATCH_BYTES = 4 * 2 ** 20;
/** Rejections kept per import; `rejected` counts every rejected row all the same. */
export const MAX_KEPT_REJECTIONS = 10_000;
/** Bytes of the feed's start kept to name its format. */
const HEAD_BYTES = 4096;

/** A batch of a feed, read and ready to write. */
export interface FeedBatch {
  /** The batch's products as a JSON array of `productRow`s in UTF-8, their ids unique within it. */
  products: Uint8Array;
  productCount: number;
  /** Rows read: products and rejected ones. */
  itemsRead: number;
  /** Rows rejected while reading: by the parser, or as an id seen earlier in the batch. */
  rejectedRows: number;
  /** Their reasons in feed order, as many as may still be kept of the import's. */
  rejections: NewRejection[];
  /** The file's bytes read so far (packed ones when it is gzip). */
  bytesRead: number;
  format: FeedFormat | null;
}

/**
 * Streams a stored feed file (`readFeedFile`: gzip, the size limit) through `parseFeed` as
 * batches of at most BATCH_ROWS rows and BATCH_BYTES of products, each product with its content
 * hash. Only the batch being filled is held, in a buffer from `buffer` (at least `minBytes`
 * long; the caller may hand the same ones out again once their batch is written). A fault in
 * the feed ends it with the batch read before it, then is thrown.
 */
export async function* readFeedBatches(
  path: string,
  maxBytes: number,
  buffer: (minBytes: number) => Uint8Array,
): AsyncGenerator<FeedBatch> {
  const progress = { bytesRead: 0 };
  const head: Buffer[] = [];
  let headSize = 0;
  async function* tapped(source: FeedSource): FeedSource {
    for await (const chunk of source) {
      if (headSize < HEAD_BYTES) {
        const bytes = Buffer.from(chunk);
        head.push(bytes);
        headSize += bytes.length;
      }
      yield chunk;
    }
  }

  let format: FeedFormat | null = null;
  let rejectionsLeft = MAX_KEPT_REJECTIONS;
  // Made when a row comes, so that no buffer is taken while the last batch waits to be written.
  let batch: BatchBuilder | null = null;
  const finish = (): FeedBatch => {
    format ??= detectFeedFormat(Buffer.concat(head));
    const done = (batch ?? new BatchBuilder(buffer(BATCH_BYTES))).finish(
      progress.bytesRead,
      format,
      rejectionsLeft,
    );
    rejectionsLeft -= done.rejections.length;
    batch = null;
    return done;
  };

  try {
    for await (const row of parseFeed(tapped(readFeedFile(path, maxBytes, progress)))) {
      if (row.ok) {
        const json = productRow(row.product, contentHash(row.product), row.row);
        if (batch && !batch.fits(json)) yield finish();
        // A product larger than a batch gets a buffer made for it, and goes alone.
        batch ??= new BatchBuilder(buffer(Math.max(BATCH_BYTES, BatchBuilder.bytesFor(json))));
        batch.addProduct(row.product.id, row.row, json);
      } else {
        batch ??= new BatchBuilder(buffer(BATCH_BYTES));
        batch.addRejected(row);
      }
      if (batch.itemsRead >= BATCH_ROWS) yield finish();
    }
  } catch (error) {
    // What was read before the fault is kept, as read.
    if (batch) yield finish();
    throw error;
  }
  yield finish();
}

const encoder = new TextEncoder();
const OPEN = '['.charCodeAt(0);
const COMMA = ','.charCodeAt(0);
const CLOSE = ']'.charCodeAt(0);

/** One batch being filled: its products' JSON written into a buffer as they come. */
class BatchBuilder {
  itemsRead = 0;
  private productCount = 0;
  private rejectedRows = 0;
  private rejections: NewRejection[] = [];
  private ids = new Set<string>();
  private length = 1;

  constructor(private readonly bytes: Uint8Array) {
    bytes[0] = OPEN;
  }

  /** The buffer a product alone needs: UTF-8 takes at most 3 bytes per UTF-16 unit, and `[`, `]`. */
  static bytesFor(json: string): number {
    return json.length * 3 + 2;
  }

  /**
   * Whether the product's JSON goes in after those before it (with a comma, and room for `]`):
   * within BATCH_BYTES, or alone in a buffer made for it.
   */
  fits(json: string): boolean {
    const limit = this.productCount === 0 ? this.bytes.length : Math.min(this.bytes.length, BATCH_BYTES);
    const room = limit - this.length - 2;
    return json.length * 3 <= room || Buffer.byteLength(json) <= room;
  }

  addProduct(id: string, position: number, json: string): void {
    this.itemsRead += 1;
    if (this.ids.has(id)) {
      this.addRejections(position, [{ attribute: 'id', reason: 'duplicate_id' }], id);
      return;
    }
    this.ids.add(id);
    if (this.productCount > 0) this.bytes[this.length++] = COMMA;
    this.length += encoder.encodeInto(json, this.bytes.subarray(this.length)).written;
    this.productCount += 1;
  }

  addRejected(row: Extract<FeedRow, { ok: false }>): void {
    this.itemsRead += 1;
    this.addRejections(row.row, row.rejections, null);
  }

  finish(bytesRead: number, format: FeedFormat | null, rejectionsLeft: number): FeedBatch {
    this.bytes[this.length++] = CLOSE;
    return {
      products: this.bytes.subarray(0, this.length),
      productCount: this.productCount,
      itemsRead: this.itemsRead,
      rejectedRows: this.rejectedRows,
      rejections: this.rejections.slice(0, rejectionsLeft),
      bytesRead,
      format,
    };
  }

  private addRejections(
    position: number,
    reasons: Pick<NewRejection, 'attribute' | 'reason'>[],
    productId: string | null,
  ): void {
    this.rejectedRows += 1;
    // More than MAX_KEPT_REJECTIONS of one batch would never be kept.
    for (const reason of reasons)
      if (this.rejections.length < MAX_KEPT_REJECTIONS)
        this.rejections.push({ position, productId, ...reason });
  }
}
