import { startModuleThread } from '../../../core/module-thread';
import { FeedFormatError } from './feed/feed-format-error';
import type { FeedThreadData, FromFeedThread, ThreadError, ToFeedThread } from './feed-thread';
import { FeedImportFailure } from './import-failure';
import type { FeedBatch } from './read-feed-batches';

/**
 * The thread's heap: a batch being filled and the parser's current item (at most 1 MiB of
 * text), whatever the feed's length. Its own limits keep it small; on the process's heap the
 * garbage of parsing would pile up as far as the API's heap lets it (hundreds of MB).
 */
const threadLimits = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 4 };

/**
 * `readFeedBatches` in a thread of its own (`feed-thread.ts`): the feed is parsed there while
 * the batches before it are written, and the process's heap holds no more than the batches
 * handed over. A batch's buffer goes back to the thread when the next one is asked for, so the
 * caller must be done with it by then. The feed's errors are thrown as in the thread; stopping
 * early ends the thread.
 */
export async function* readFeedInThread(path: string, maxBytes: number): AsyncGenerator<FeedBatch> {
  const thread = startModuleThread(new URL('./feed-thread.ts', import.meta.url), {
    workerData: { path, maxBytes } satisfies FeedThreadData,
    resourceLimits: threadLimits,
  });
  const received: FromFeedThread[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  thread.on('message', (message: FromFeedThread) => {
    received.push(message);
    wake?.();
  });
  thread.on('error', (error) => {
    failure = error;
    wake?.();
  });
  thread.on('exit', (code) => {
    failure ??= new Error(`the feed thread stopped (exit code ${code})`);
    wake?.();
  });
  try {
    for (;;) {
      const message = received.shift();
      if (!message) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.type === 'end') return;
      if (message.type === 'error') throw errorOf(message.error);
      yield message.batch;
      const buffer = message.batch.products.buffer as ArrayBuffer;
      thread.postMessage({ type: 'written', buffer } satisfies ToFeedThread, [buffer]);
    }
  } finally {
    // Ended, whether it was done or not, before the caller deletes the file.
    await thread.terminate();
  }
}

function errorOf(error: ThreadError): Error {
  if (error.kind === 'format') return new FeedFormatError(error.code, error.line, error.message);
  if (error.kind === 'failure') return new FeedImportFailure(error.code, error.detail);
  const thrown = new Error(error.message);
  if (error.stack) thrown.stack = error.stack;
  return thrown;
}
