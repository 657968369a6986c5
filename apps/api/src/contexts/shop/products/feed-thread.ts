import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { FeedFormatError } from './feed/feed-format-error';
import { FeedImportFailure } from './import-failure';
import { BATCH_BYTES, type FeedBatch, readFeedBatches } from './read-feed-batches';

/**
 * The thread that reads a feed file (`readFeedInThread` starts it): it runs `readFeedBatches`
 * and posts each batch, its products' buffer transferred, at most BATCHES_AHEAD ahead of the
 * batches the importer has written. A written batch's buffer comes back to be filled again.
 */

/** What the thread is given. */
export interface FeedThreadData {
  path: string;
  maxBytes: number;
}

/** Batches read but not yet written: the thread parses on while the importer writes. */
export const BATCHES_AHEAD = 2;

/** How an error crosses to the importer (an Error loses its class and fields on the way). */
export type ThreadError =
  | { kind: 'format'; code: FeedFormatError['code']; line: number | null; message: string }
  | { kind: 'failure'; code: FeedImportFailure['code']; detail: string | null }
  | { kind: 'other'; message: string; stack: string | undefined };

export type FromFeedThread =
  | { type: 'batch'; batch: FeedBatch }
  | { type: 'end' }
  | { type: 'error'; error: ThreadError };

/** The importer wrote a batch: its buffer, to be used again. */
export type ToFeedThread = { type: 'written'; buffer: ArrayBuffer };

async function run(port: MessagePort, data: FeedThreadData): Promise<void> {
  const spare: ArrayBuffer[] = [];
  let ahead = 0;
  let written: (() => void) | null = null;
  port.on('message', (message: ToFeedThread) => {
    spare.push(message.buffer);
    ahead -= 1;
    written?.();
  });
  const buffer = (minBytes: number) => {
    const index = spare.findIndex((each) => each.byteLength >= minBytes);
    const reused = index === -1 ? null : spare.splice(index, 1)[0];
    return new Uint8Array(reused ?? new ArrayBuffer(Math.max(minBytes, BATCH_BYTES)));
  };
  try {
    for await (const batch of readFeedBatches(data.path, data.maxBytes, buffer)) {
      while (ahead >= BATCHES_AHEAD) await new Promise<void>((resolve) => (written = resolve));
      ahead += 1;
      port.postMessage({ type: 'batch', batch } satisfies FromFeedThread, [
        batch.products.buffer as ArrayBuffer,
      ]);
    }
    port.postMessage({ type: 'end' } satisfies FromFeedThread);
  } catch (error) {
    port.postMessage({ type: 'error', error: threadError(error) } satisfies FromFeedThread);
  } finally {
    // Nothing more to wait for: the thread may end once its last message is taken.
    port.unref();
  }
}

function threadError(error: unknown): ThreadError {
  if (error instanceof FeedFormatError)
    return { kind: 'format', code: error.code, line: error.line, message: error.message };
  if (error instanceof FeedImportFailure) return { kind: 'failure', code: error.code, detail: error.detail };
  return {
    kind: 'other',
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  };
}

if (parentPort) void run(parentPort, workerData as FeedThreadData);
